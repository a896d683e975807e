package io.agentloop.launcher;

import io.agentloop.api.run.AgentRegistry;
import io.agentloop.api.run.AgentRegistry.Entry;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * The lines {@code run --plan} writes about the agents a plan runs, from the process's agent
 * registry: each step's agent, sub-agent or hub participant as it starts ({@code [agent s1] running}),
 * compacts and ends ({@code [agent helper of s1] completed}). The moves between planning, executing
 * and observing within a run are left out: a line for each would bury the plan's own lines, and
 * the registry ({@code GET /v1/agents/states} on a server) has them. The planner's and the summary's
 * runs are not listed: the {@code [plan]} lines are theirs.
 */
final class AgentLines implements Consumer<Entry> {
    private final RunView console;
    /** The names of the runs seen, so a sub-agent's line names the step that started it. */
    private final Map<String, String> names = new ConcurrentHashMap<>();
    private final Set<String> started = ConcurrentHashMap.newKeySet();

    AgentLines(RunView console) {
        this.console = console;
    }

    @Override
    public void accept(Entry entry) {
        if (entry.kind() == AgentRegistry.Kind.RUN) {
            return;
        }
        String name = entry.name() + entry.parent().map(names::get).map(parent -> " of " + parent).orElse("");
        names.put(entry.runId(), name);
        String shown = switch (entry.state()) {
            case PLANNING -> started.add(entry.runId()) ? "running" : null;
            case COMPACTING, COMPLETED, FAILED -> entry.state().name().toLowerCase(Locale.ROOT);
            case INIT, EXECUTING, OBSERVING -> null;
        };
        if (shown != null) {
            console.line("[agent " + name + "] " + shown);
        }
    }
}
