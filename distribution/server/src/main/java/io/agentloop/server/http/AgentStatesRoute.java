package io.agentloop.server.http;

import io.agentloop.api.run.AgentRegistry;
import io.agentloop.server.run.Caller;
import io.agentloop.server.run.ServedRuns;
import java.util.Locale;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code GET /v1/agents/states}: every agent the server's process runs (top-level runs, sub-agents,
 * plan steps, hub participants) with its state and when it entered it, so an operator sees what is
 * going on without following each run's events. Running ones come first; finished ones are the last
 * the process keeps. A user's token sees only the agents of its own served runs (their sub-agents
 * too, which share the run's id as their session); an administrator's every one.
 */
final class AgentStatesRoute {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final AgentRegistry registry;
    private final ServedRuns runs;

    AgentStatesRoute(AgentRegistry registry, ServedRuns runs) {
        this.registry = registry;
        this.runs = runs;
    }

    Reply list(Call call, Map<String, String> values, Caller caller, byte[] body) {
        ArrayNode items = JSON.createArrayNode();
        for (AgentRegistry.Entry entry : registry.agents()) {
            if (!caller.admin() && runs.get(entry.session(), caller).isEmpty()
                    && runs.get(entry.runId(), caller).isEmpty()) {
                continue;
            }
            ObjectNode item = items.addObject();
            item.put("run_id", entry.runId()).put("session", entry.session())
                    .put("kind", entry.kind().name().toLowerCase(Locale.ROOT)).put("name", entry.name());
            entry.parent().ifPresent(parent -> item.put("parent_run_id", parent));
            item.put("state", entry.state().name()).put("changed_at", entry.changedAt().toString())
                    .put("finished", entry.finished());
        }
        return new Reply.Json(200, RunJson.list("agents", items));
    }
}
