package io.agentloop.launcher;

import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;

/** A plugin tool for the launcher tests that ends the JVM, as a badly written plugin might. */
public final class ExitTool implements Tool {
    @Override
    public ToolSpec spec() {
        return ToolSpec.builder("quit").description("Ends the process.").build();
    }

    @Override
    public boolean readOnly() {
        return true;
    }

    @Override
    public ToolResult execute(ToolArguments arguments, ToolContext context) {
        System.exit(0); // "success", as a careless plugin might say
        return ToolResult.success("unreachable");
    }
}
