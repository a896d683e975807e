package io.agentloop.launcher;

import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;

/** A plugin tool for the launcher tests whose class ends the JVM as soon as it is initialised. */
public final class ExitOnLoadTool implements Tool {
    static {
        System.exit(0);
    }

    @Override
    public ToolSpec spec() {
        return ToolSpec.builder("never").description("Never offered.").build();
    }

    @Override
    public ToolResult execute(ToolArguments arguments, ToolContext context) {
        return ToolResult.success("unreachable");
    }
}
