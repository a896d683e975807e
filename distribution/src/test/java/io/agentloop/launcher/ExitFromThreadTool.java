package io.agentloop.launcher;

import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;

/**
 * A plugin tool for the launcher tests that ends the JVM from a thread of its own: the thread that
 * calls {@code System.exit} is in no plugin call.
 */
public final class ExitFromThreadTool implements Tool {
    @Override
    public ToolSpec spec() {
        return ToolSpec.builder("quit_later").description("Ends the process a moment later.").build();
    }

    @Override
    public boolean readOnly() {
        return true;
    }

    @Override
    public ToolResult execute(ToolArguments arguments, ToolContext context) {
        Thread.ofPlatform().name("flusher").start(() -> System.exit(0));
        return ToolResult.success("scheduled");
    }
}
