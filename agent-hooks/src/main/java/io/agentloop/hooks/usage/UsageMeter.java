package io.agentloop.hooks.usage;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.event.AgentListener;
import io.agentloop.api.hook.HookContext;
import io.agentloop.api.hook.PostReasoningHook;
import io.agentloop.api.hook.PreReasoningHook;
import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Usage;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.run.TerminalReason;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Counts tokens (input, output, cached, reasoning) per model call, per run and in total, prices
 * them with a {@link PriceTable}, and enforces a {@link Budget}: before a call, a budget already
 * used up ends the run; after a call that asks for tools, a budget used up ends the run before the
 * tools run. Either way the run completes {@code TOKEN_LIMIT}. A turn that answers is let through:
 * the tokens are spent already. A sub-agent's calls count in the run that started it (and so in
 * that run's budget), its own run ending when that budget is used up like any other. Register it
 * as a hook and a listener; one meter can serve many runs (a session) and is thread-safe.
 */
public final class UsageMeter implements PreReasoningHook, PostReasoningHook, AgentListener {
    private static final Logger log = LoggerFactory.getLogger(UsageMeter.class);

    private final String provider;
    private final String model;
    private final Optional<Price> price;
    private final Budget budget;
    private final Map<String, Usage> running = new HashMap<>();
    /** A sub-agent's run to the run that started it, while it runs. */
    private final Map<String, String> parents = new HashMap<>();
    private final List<Usage> calls = new ArrayList<>();
    private final List<Usage> runs = new ArrayList<>();
    private Usage total = Usage.ZERO;

    public UsageMeter(String provider, String model, PriceTable prices, Budget budget) {
        this.provider = provider;
        this.model = model;
        this.price = prices.find(provider, model);
        this.budget = budget;
    }

    /** Whether the model has a price (cost budgets need one). */
    public boolean priced() {
        return price.isPresent();
    }

    /** Starts from what earlier runs of a resumed session used. */
    public synchronized UsageMeter carryOver(Usage before) {
        total = total.plus(before);
        return this;
    }

    /** Outer to other hooks: it counts what the model really reported. */
    @Override
    public int order() {
        return -1000;
    }

    @Override
    public ChatRequest beforeReasoning(ChatRequest request, HookContext context) {
        follow(context);
        overBudget(context.runId()).ifPresent(why -> context.endRun(TerminalReason.TOKEN_LIMIT, why));
        return request;
    }

    @Override
    public AssistantMessage afterReasoning(ChatRequest request, AssistantMessage response, HookContext context) {
        synchronized (this) {
            follow(context);
            calls.add(response.usage());
            for (String run = context.runId(); run != null; run = parents.get(run)) {
                running.merge(run, response.usage(), Usage::plus);
            }
            total = total.plus(response.usage());
        }
        if (response.hasToolCalls()) {
            overBudget(context.runId()).ifPresent(why -> {
                log.warn("{}", why);
                context.endRun(TerminalReason.TOKEN_LIMIT, why);
            });
        }
        return response;
    }

    @Override
    public void onEvent(AgentEvent event) {
        AgentEvent inner = event;
        while (inner instanceof AgentEvent.SubAgent sub) {
            inner = sub.event();
        }
        if (inner instanceof AgentEvent.RunCompleted completed) {
            String runId = completed.result().runId();
            synchronized (this) {
                if (inner == event) {
                    runs.add(running.getOrDefault(runId, Usage.ZERO));
                }
                running.remove(runId);
                parents.remove(runId);
            }
        }
    }

    private synchronized void follow(HookContext context) {
        context.parentRunId().ifPresent(parent -> parents.put(context.runId(), parent));
    }

    /** The run a run's tokens count in: the one the user started, above any sub-agents. */
    private String root(String runId) {
        String run = runId;
        while (parents.containsKey(run)) {
            run = parents.get(run);
        }
        return run;
    }

    /** Tokens of each model call so far, in order. */
    public synchronized List<Usage> calls() {
        return List.copyOf(calls);
    }

    /** Tokens of each completed run, in order. */
    public synchronized List<Usage> runs() {
        return List.copyOf(runs);
    }

    /** Tokens of the run with this id so far (while it runs), or none. */
    public synchronized Usage run(String runId) {
        return running.getOrDefault(runId, Usage.ZERO);
    }

    /** Everything counted (and carried over). */
    public synchronized Usage total() {
        return total;
    }

    /** The cost of these tokens, when the model has a price. */
    public OptionalDouble cost(Usage usage) {
        return price.map(p -> OptionalDouble.of(p.cost(usage))).orElse(OptionalDouble.empty());
    }

    /** The cost as people read it ({@link CostText#of}: "0.0123", "0.00027"), or empty when there is no price. */
    public Optional<String> costText(Usage usage) {
        OptionalDouble cost = cost(usage);
        return cost.isPresent() ? Optional.of(CostText.of(cost.getAsDouble())) : Optional.empty();
    }

    private synchronized Optional<String> overBudget(String runId) {
        Usage run = running.getOrDefault(root(runId), Usage.ZERO);
        if (budget.runTokens().isPresent() && run.totalTokens() >= budget.runTokens().getAsLong()) {
            return Optional.of("the run used " + run.totalTokens() + " tokens, its budget is "
                    + budget.runTokens().getAsLong() + " (budget.run-tokens)");
        }
        if (budget.totalTokens().isPresent() && total.totalTokens() >= budget.totalTokens().getAsLong()) {
            return Optional.of("the session used " + total.totalTokens() + " tokens, its budget is "
                    + budget.totalTokens().getAsLong() + " (budget.session-tokens)");
        }
        if (price.isPresent()) {
            double runCost = price.get().cost(run);
            double totalCost = price.get().cost(total);
            if (budget.runCost().isPresent() && runCost >= budget.runCost().getAsDouble()) {
                return Optional.of("the run cost " + CostText.of(runCost) + ", its budget is "
                        + CostText.of(budget.runCost().getAsDouble()) + " (budget.run-cost)");
            }
            if (budget.totalCost().isPresent() && totalCost >= budget.totalCost().getAsDouble()) {
                return Optional.of("the session cost " + CostText.of(totalCost) + ", its budget is "
                        + CostText.of(budget.totalCost().getAsDouble()) + " (budget.session-cost)");
            }
        } else if (budget.runCost().isPresent() || budget.totalCost().isPresent()) {
            log.debug("no price for {}/{}: cost budgets cannot apply", provider, model);
        }
        return Optional.empty();
    }
}
