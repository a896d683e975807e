package io.agentloop.api.event;

import java.util.Objects;

/**
 * An event with the run and the agent it belongs to: what a listener shared by concurrent runs
 * (one agent serving many callers, or many agents) needs to tell them apart. Listeners receive
 * these through {@link AgentListener#onRunEvent}. A sub-agent's event arrives in its parent run as
 * {@link AgentEvent.SubAgent}, with the parent's ids here and the sub-agent's inside.
 *
 * <pre>{@code
 * AgentListener byRun = AgentListener.ofRunEvents(e -> log.info("{} {} {}", e.agentId(), e.runId(), e.event()));
 * }</pre>
 *
 * @param agentId the id of the agent running ({@code Agent.id()}); never null, empty only when the
 *                code publishing the event had none to give
 * @param runId   the run's id; never null, empty as {@code agentId}
 * @param event   what happened, never null
 */
public record RunEvent(String agentId, String runId, AgentEvent event) {
    public RunEvent {
        Objects.requireNonNull(agentId, "agentId");
        Objects.requireNonNull(runId, "runId");
        Objects.requireNonNull(event, "event");
    }
}
