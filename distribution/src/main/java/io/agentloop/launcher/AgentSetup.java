package io.agentloop.launcher;

import io.agentloop.api.event.AgentListener;
import io.agentloop.api.model.ChatModel;
import io.agentloop.api.run.RunOptions;
import io.agentloop.api.tool.Tool;
import io.agentloop.core.Agent;
import java.util.List;

/**
 * The agent {@code run} and {@code chat} use: the configured model (or the offline example model)
 * with every registered tool, the registries' hooks and listeners, and the configured limits.
 */
record AgentSetup(Agent agent, String modelName, boolean example) {

    static AgentSetup of(Platform platform, LauncherConfig config, boolean example, AgentListener renderer) {
        ChatModel model = example ? new ExampleModel() : platform.model();
        List<Tool> tools = example ? List.of(new WordCountTool()) : platform.extensions().tools().all();
        RunOptions options = RunOptions.DEFAULTS;
        String maxIterations = config.get("run.max-iterations").orElse(null);
        if (maxIterations != null) {
            try {
                options = options.withMaxIterations(Integer.parseInt(maxIterations.strip()));
            } catch (IllegalArgumentException e) {
                throw new ConfigLoader.ConfigurationException("run.max-iterations must be a whole number of at least "
                        + "1, not '" + maxIterations + "'");
            }
        }
        Agent.Builder builder = Agent.builder().model(model).tools(tools).extensions(platform.extensions())
                .options(options).listeners(renderer);
        config.get("run.system").ifPresent(builder::systemPrompt);
        return new AgentSetup(builder.build(), model.name(), example);
    }
}
