package io.agentloop.temporal;

import io.agentloop.api.message.Message;
import io.agentloop.api.message.Usage;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.run.CallDecision;
import io.agentloop.api.run.PendingCall;
import io.agentloop.core.call.ModelCall;
import io.agentloop.core.loop.Effects;
import io.agentloop.core.session.MessageCodec;
import io.agentloop.core.tool.CallOutcome;
import io.agentloop.core.tool.CallPlan;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A run's effects as a run that continues as a new workflow run sees them. Each outcome the loop
 * was handed is kept ({@link #outcomes}); when the history has grown past its limit, the run
 * continues as new at the start of its next iteration ({@code due}, then {@code continueAsNew}, which
 * never returns), handing the outcomes on. The new run drives the loop again from its start, handed
 * those outcomes without carrying anything out, which brings it to the same state (the loop's
 * decisions read only its state and the outcomes, as a replay does), and goes on from there with
 * steps of its own ({@code live} says when). The history then holds one copy of the outcomes and the
 * steps since, however long the run: without it, it grows with every step by the whole conversation
 * the step is handed.
 */
final class ContinuingEffects implements Effects {
    private final Effects steps;
    private final Deque<JsonNode> carried;
    private final ArrayNode outcomes = Wire.JSON.createArrayNode();
    private final BooleanSupplier due;
    private final Consumer<ArrayNode> continueAsNew;
    private final Runnable goneLive;
    private boolean live;
    /** This run carried a step out: a run continues as new only then, so a new run always gets somewhere. */
    private boolean stepped;
    private final Consumer<Usage> addUsage;

    /**
     * @param steps         carries the effects out (the workflow's activities and child workflows)
     * @param carried       the outcomes an earlier run of the workflow handed on (empty for a first run)
     * @param due           whether the history has grown past its limit
     * @param continueAsNew continues as new with the outcomes; never returns
     * @param live          told once, when the carried outcomes are used up and the loop asks for this run's
     *                      first step (at once for a first run)
     * @param addUsage      adds a sub-agent's tokens to the run, as when it was carried out
     */
    ContinuingEffects(Effects steps, JsonNode carried, BooleanSupplier due, Consumer<ArrayNode> continueAsNew,
                      Runnable live, Consumer<Usage> addUsage) {
        this.steps = steps;
        this.carried = new ArrayDeque<>();
        carried.forEach(this.carried::add);
        this.due = due;
        this.continueAsNew = continueAsNew;
        this.goneLive = live;
        this.addUsage = addUsage;
        if (this.carried.isEmpty()) {
            goLive();
        }
    }

    /** Keeps a sub-agent's tokens with the outcomes, in their place: a continued run adds them again. */
    void usage(Usage spent) {
        outcomes.addObject().put("kind", "usage").set("usage", MessageCodec.usage(spent));
        addUsage.accept(spent);
    }

    /** The next carried outcome, the sub-agents' tokens before it added again; null once they are used up. */
    private JsonNode next() {
        while (!carried.isEmpty() && "usage".equals(carried.peek().path("kind").asString())) {
            JsonNode usage = carried.poll();
            outcomes.add(usage);
            addUsage.accept(MessageCodec.usage(usage.path("usage")));
        }
        JsonNode next = carried.poll();
        if (next == null) {
            goLive();
            return null;
        }
        outcomes.add(next);
        return next;
    }

    /**
     * Once, when the first effect of this run's own is asked for: what the loop did before it (the
     * events and records of the carried outcomes, and of the decisions up to here) the earlier run
     * did already.
     */
    private void goLive() {
        if (!live) {
            live = true;
            goneLive.run();
        }
    }

    @Override
    public ModelCall.Outcome callModel(ChatRequest request, boolean newIteration) {
        JsonNode next = next();
        if (next != null) {
            return Wire.modelOutcome(next.path("outcome"));
        }
        if (newIteration && stepped && due.getAsBoolean()) {
            continueAsNew.accept(outcomes);
        }
        stepped = true;
        ModelCall.Outcome outcome = steps.callModel(request, newIteration);
        ObjectNode kept = outcomes.addObject().put("kind", "model");
        kept.set("outcome", Wire.modelOutcome(outcome));
        return outcome;
    }

    @Override
    public List<CallOutcome> act(List<CallPlan> plans, List<String> remember) {
        JsonNode next = next();
        if (next != null) {
            List<CallOutcome> outcomes = new ArrayList<>();
            next.path("outcomes").forEach(outcome -> outcomes.add(Wire.outcome(outcome)));
            return outcomes;
        }
        List<CallOutcome> done = steps.act(plans, remember);
        ArrayNode kept = outcomes.addObject().put("kind", "act").putArray("outcomes");
        done.forEach(outcome -> kept.add(Wire.outcome(outcome)));
        return done;
    }

    @Override
    public Compaction compact(List<Message> conversation, int targetMessages, long targetTokens) {
        JsonNode next = next();
        if (next != null) {
            return "done".equals(next.path("result").asString())
                    ? new Compaction.Done(Wire.messages(next.path("messages")), next.path("strategy").asString())
                    : new Compaction.Failed(Wire.error(next));
        }
        Compaction compaction = steps.compact(conversation, targetMessages, targetTokens);
        ObjectNode kept = outcomes.addObject().put("kind", "compact");
        switch (compaction) {
            case Compaction.Done done -> {
                kept.put("result", "done").put("strategy", done.strategy());
                kept.set("messages", Wire.messages(done.messages()));
            }
            case Compaction.Failed failed -> {
                kept.put("result", "failed");
                Wire.error(kept, failed.error());
            }
        }
        return compaction;
    }

    @Override
    public List<CallDecision> awaitDecisions(List<PendingCall> waiting) {
        JsonNode next = next();
        if (next != null) {
            return Wire.decisions(next.path("decisions"));
        }
        List<CallDecision> decisions = steps.awaitDecisions(waiting);
        outcomes.addObject().put("kind", "decisions").set("decisions", Wire.decisions(decisions));
        return decisions;
    }

    @Override
    public void iterationEnded() {
        steps.iterationEnded();
    }

    @Override
    public void close() {
        steps.close();
    }
}
