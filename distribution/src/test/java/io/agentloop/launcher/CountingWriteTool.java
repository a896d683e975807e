package io.agentloop.launcher;

import io.agentloop.api.permission.Access;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;

/**
 * A plugin tool for the approval tests ({@code counting_write}): writes {@code text} to {@code path}
 * in the workspace, and appends "CALL_ID wrote PATH" to the file named by {@code counter} each time
 * it does, so a test knows how often the write happened. It declares the write, so the permission
 * rules ask about it.
 */
public final class CountingWriteTool implements Tool {
    @Override
    public ToolSpec spec() {
        return ToolSpec.builder("counting_write").description("Writes a file and counts the writes.")
                .stringParameter("path", "the file to write, in the workspace", true)
                .stringParameter("text", "what to write", true)
                .stringParameter("counter", "the file each write appends a line to", true).build();
    }

    @Override
    public List<Access> accesses(ToolArguments arguments) {
        return List.of(new Access.Write(arguments.requireString("path")));
    }

    @Override
    public ToolResult execute(ToolArguments arguments, ToolContext context) throws IOException {
        String path = arguments.requireString("path");
        CountingTool.count(arguments.requireString("counter"), context.callId() + " wrote " + path);
        Files.writeString(context.workspace().resolve(path), arguments.requireString("text"), StandardCharsets.UTF_8);
        return ToolResult.success("counting_write wrote " + path);
    }
}
