package io.agentloop.spring;

import io.agentloop.api.model.ChatModel;
import io.agentloop.api.tool.ToolSpec;
import io.agentloop.core.Agent;
import io.agentloop.core.plugin.PluginInfo;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * The agent's health at {@code /actuator/health/agentloop}: {@code DOWN} while the latest run
 * failed (its model unreachable or refusing, after the run's retries), with what failed it; else
 * {@code UP}. No model call is made to check: the details say what the agent runs on (model, tools,
 * plugins and their problems) and how its runs ended so far.
 */
public final class AgentloopHealthIndicator implements HealthIndicator {
    private final Agent agent;
    private final ChatModel model;
    private final AgentloopPlatform platform;
    private final RunTally runs;

    public AgentloopHealthIndicator(Agent agent, ChatModel model, AgentloopPlatform platform, RunTally runs) {
        this.agent = agent;
        this.model = model;
        this.platform = platform;
        this.runs = runs;
    }

    @Override
    public Health health() {
        Health.Builder health = runs.latestFailure().map(failure -> Health.down().withDetail("latestFailure", failure))
                .orElseGet(Health::up);
        Map<String, String> plugins = new LinkedHashMap<>();
        for (PluginInfo plugin : platform.plugins()) {
            plugins.put(plugin.id(), plugin.version() + " " + plugin.state());
        }
        return health.withDetail("agent", agent.id())
                .withDetail("model", model.provider().map(p -> p + "/").orElse("") + model.name())
                .withDetail("tools", agent.toolSpecs().stream().map(ToolSpec::name).toList())
                .withDetail("plugins", plugins)
                .withDetail("pluginProblems", platform.problems().stream().map(Object::toString).toList())
                .withDetail("runsCompleted", runs.completed())
                .withDetail("runsFailed", runs.failed())
                .build();
    }
}
