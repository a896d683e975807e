package io.agentloop.launcher;

import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;
import java.time.Duration;

/** A plugin tool for the launcher tests that waits until it is stopped. */
public final class WaitTool implements Tool {
    @Override
    public ToolSpec spec() {
        return ToolSpec.builder("wait").description("Waits until stopped.").build();
    }

    @Override
    public boolean readOnly() {
        return true;
    }

    @Override
    public ToolResult execute(ToolArguments arguments, ToolContext context) throws InterruptedException {
        while (!context.cancellation().await(Duration.ofSeconds(1))) {
            // only the call's stop ends this
        }
        return ToolResult.failure(ToolResult.Failure.CANCELLED, "stopped");
    }
}
