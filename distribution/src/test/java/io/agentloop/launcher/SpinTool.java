package io.agentloop.launcher;

import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;

/** A plugin tool for the launcher tests that never returns: it ignores interrupts and cancellation. */
public final class SpinTool implements Tool {
    private static volatile boolean released;

    @Override
    public ToolSpec spec() {
        return ToolSpec.builder("spin").description("Spins forever.").build();
    }

    @Override
    public boolean readOnly() {
        return true;
    }

    @Override
    public ToolResult execute(ToolArguments arguments, ToolContext context) {
        while (!released) {
            Thread.onSpinWait();
        }
        return ToolResult.success("released");
    }
}
