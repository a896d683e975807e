package io.agentloop.server.http;

import io.agentloop.api.run.AgentRegistry;
import java.util.Locale;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code GET /v1/agents/states}: every agent the server's process runs (top-level runs, sub-agents,
 * plan steps, hub participants) with its state and when it entered it, so an operator sees what is
 * going on without following each run's events. Running ones come first; finished ones are the last
 * the process keeps.
 */
final class AgentStatesRoute {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final AgentRegistry registry;

    AgentStatesRoute(AgentRegistry registry) {
        this.registry = registry;
    }

    Reply list(Call call, Map<String, String> values, String caller, byte[] body) {
        ArrayNode items = JSON.createArrayNode();
        for (AgentRegistry.Entry entry : registry.agents()) {
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
