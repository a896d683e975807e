package com.example.agentloop.greet;

import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;

/**
 * A tool the model can call. Listed in META-INF/services/io.agentloop.api.tool.Tool so Agentloop
 * finds it. Hooks are listed the same way under io.agentloop.api.hook.Hook, model providers under
 * io.agentloop.api.model.ModelProvider.
 */
public final class GreetTool implements Tool {
    private static final ToolSpec SPEC = ToolSpec.builder("greet")
            .description("Greets someone by name.")
            .stringParameter("name", "who to greet", true)
            .build();

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
        return ToolResult.success("Hello, " + arguments.requireString("name") + "!");
    }
}
