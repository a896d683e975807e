package io.agentloop.core;

import io.agentloop.api.message.ToolCall;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.core.loop.LoopSettings;
import io.agentloop.core.loop.RunContext;
import io.agentloop.core.run.RunJournal;
import java.util.Optional;
import io.agentloop.core.run.EventPublisher;
import io.agentloop.core.run.RunControl;
import java.util.Map;

/**
 * Serves an agent's tools to other programs ({@link Agent#callTool}): one call at a time, as a run
 * would make it, with no model. Each call is a run of its own for the agent's listeners and for
 * sub-agents it starts (its events go where a run's would).
 */
final class ToolServing {
    private final LoopSettings settings;
    /** The agent's runs under way, by id: where a sub-agent's events go (its parent run's listeners). */
    private final Map<String, EventPublisher> liveRuns;
    private final String agentId;

    ToolServing(String agentId, LoopSettings settings, Map<String, EventPublisher> liveRuns) {
        this.agentId = agentId;
        this.settings = settings;
        this.liveRuns = liveRuns;
    }

    /** See {@link Agent#callTool}. */
    ToolResult call(String name, String argumentsJson) {
        RunControl control = new RunControl();
        String runId = RunIds.nextRunId();
        EventPublisher events = new EventPublisher(agentId, runId, settings.listeners());
        RunContext run = RunContext.open(runId, settings, events, control, Optional.empty(),
                Optional.empty(), RunJournal.NONE);
        liveRuns.put(run.runId(), events);
        try {
            return run.serve(ToolCall.of("call-" + Long.toString(System.nanoTime(), 36), name, argumentsJson));
        } finally {
            liveRuns.remove(run.runId());
        }
    }
}
