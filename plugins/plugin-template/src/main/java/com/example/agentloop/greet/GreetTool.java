package com.example.agentloop.greet;

import io.agentloop.api.plugin.PluginContext;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;

/**
 * A tool the model can call. Listed in META-INF/services/io.agentloop.api.tool.Tool so Agentloop
 * finds it. Hooks are listed the same way under io.agentloop.api.hook.Hook, model providers under
 * io.agentloop.api.model.ModelProvider.
 *
 * <p>Its constructor takes the plugin's context, so the greeting is a setting of the plugin
 * ({@code plugins.<id>.greeting} in the configuration, declared in {@link GreetSettings}). A tool
 * that needs no settings can have a constructor without arguments instead.
 */
public final class GreetTool implements Tool {
    private static final ToolSpec SPEC = ToolSpec.builder("greet")
            .description("Greets someone by name.")
            .stringParameter("name", "who to greet", true)
            .build();

    private final String greeting;

    public GreetTool(PluginContext plugin) {
        this.greeting = plugin.setting(GreetSettings.GREETING.name())
                .orElse(GreetSettings.GREETING.defaultValue().orElseThrow());
    }

    @Override
    public ToolSpec spec() {
        return SPEC;
    }

    @Override
    public boolean readOnly() {
        return true;
    }

    @Override
    public ToolResult execute(ToolArguments arguments, ToolContext context) {
        return ToolResult.success(greeting + ", " + arguments.requireString("name") + "!");
    }
}
