package io.agentloop.core.loop;

import io.agentloop.api.AgentException;
import io.agentloop.api.memory.CompactionRequest;
import io.agentloop.api.memory.CompactionStrategy;
import io.agentloop.api.message.Message;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.run.RunOptions;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.core.call.ModelCall;
import io.agentloop.core.compaction.ConversationRepair;
import io.agentloop.core.registry.PluginCode;
import io.agentloop.core.time.PausableTimer;
import io.agentloop.core.tool.CallOutcome;
import io.agentloop.core.tool.CallPlan;
import io.agentloop.core.tool.ToolCalls;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The effect runner of a run in this process: the model call, the tool calls and the compaction
 * run here, on the run's thread (tool calls on threads of their own), under the iteration's
 * deadline, which covers the model call and the tools it asked for. A durable engine's activity
 * uses one too, for the single effect it carries out (without the iteration's deadline: the
 * engine's own timeout covers the step).
 */
public final class InProcessEffects implements Effects {
    private final RunContext run;
    private final ModelCall model;
    /** Made at the first tool call: many runs only answer. */
    private ToolCalls tools;
    private PausableTimer iteration;
    private int iterations;

    InProcessEffects(RunContext run, ModelCall model) {
        this.run = run;
        this.model = model;
    }

    /** The effects of this run, its model called with the agent's retry policy. */
    public InProcessEffects(RunContext run) {
        this(run, new ModelCall(run.settings.model(), run.hooks(), run.events, run.settings.time(),
                run.settings.retry(), run.control, run.settings.estimator()));
    }

    @Override
    public ModelCall.Outcome callModel(ChatRequest request, boolean newIteration) {
        if (newIteration) {
            iterationEnded();
            iterations++;
            RunOptions options = run.settings.options();
            iteration = run.control.deadline(run.settings.time(), options.iterationTimeout(), TerminalReason.TIMEOUT,
                    "iteration " + iterations + " took longer than " + options.iterationTimeout().toMillis() + " ms");
        }
        return model.execute(request);
    }

    @Override
    public List<CallOutcome> act(List<CallPlan> plans, List<String> remember) {
        if (!remember.isEmpty()) {
            run.settings.permissions().remember(remember);
        }
        if (tools == null) {
            tools = run.toolCalls(run.settings.pausesForApproval(), run.journal);
        }
        return tools.run(plans);
    }

    @Override
    public Compaction compact(List<Message> conversation, int targetMessages, long targetTokens) {
        String name = run.settings.options().compaction().strategy();
        CompactionStrategy strategy = run.settings.compactionStrategies().get(name);
        if (strategy == null) {
            return new Compaction.Failed(new AgentException("no compaction strategy named '" + name + "'; available: "
                    + new TreeSet<>(run.settings.compactionStrategies().keySet())
                    + ". Set compaction.strategy to one of them."));
        }
        List<Message> after;
        try {
            CompactionRequest request = new CompactionRequest(conversation, targetMessages, targetTokens,
                    run.settings.estimator(), Optional.of(run.settings.model()), run.task(conversation).stream().toList());
            after = PluginCode.call(strategy, () -> strategy.compact(request));
            if (after != null && !after.isEmpty()) {
                after = ConversationRepair.repair(after, request.pinned());
            }
        } catch (RuntimeException e) {
            return new Compaction.Failed(new AgentException("compaction strategy '" + name + "' failed: " + e, e));
        }
        if (after == null || after.isEmpty()) {
            return new Compaction.Failed(new AgentException("compaction strategy '" + name + "' returned no messages"));
        }
        return new Compaction.Done(after, name);
    }

    @Override
    public void iterationEnded() {
        if (iteration != null) {
            iteration.cancel();
            iteration = null;
        }
    }

    @Override
    public void close() {
        iterationEnded();
    }
}
