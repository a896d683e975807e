package com.example.agentloop.greet;

import io.agentloop.api.tool.PathDeniedException;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * A tool that reads a file: every path the model gives goes through the workspace, which refuses
 * paths outside it and protected ones. Failures the model can act on are results, not exceptions.
 */
public final class CountLinesTool implements Tool {
    private static final ToolSpec SPEC = ToolSpec.builder("count_lines")
            .description("Counts the lines of a text file in the workspace.")
            .stringParameter("path", "the file, relative to the workspace", true)
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
        Path file;
        try {
            file = context.workspace().resolve(arguments.requireString("path"));
        } catch (PathDeniedException e) {
            return e.toResult();
        }
        try (Stream<String> lines = Files.lines(file)) {
            return ToolResult.success(Long.toString(lines.count()));
        } catch (IOException e) {
            return ToolResult.failure(ToolResult.Failure.EXECUTION_FAILED, "cannot read " + context.workspace().display(file)
                    + ": " + e.getMessage());
        }
    }
}
