package io.agentloop.launcher;

import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A plugin tool for the launcher tests that never returns: it ignores interrupts and cancellation.
 * It first creates the file named by its {@code started} argument, so a test knows it is running.
 */
public final class SpinTool implements Tool {
    private static volatile boolean released;

    @Override
    public ToolSpec spec() {
        return ToolSpec.builder("spin").description("Spins forever.")
                .stringParameter("started", "a file to create once spinning", false).build();
    }

    @Override
    public boolean readOnly() {
        return true;
    }

    @Override
    public ToolResult execute(ToolArguments arguments, ToolContext context) {
        arguments.string("started").ifPresent(file -> {
            try {
                Files.writeString(Path.of(file), "spinning\n");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        while (!released) {
            Thread.onSpinWait();
        }
        return ToolResult.success("released");
    }
}
