package io.agentloop.core.plan;

import io.agentloop.api.permission.Access;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;
import java.util.List;
import java.util.Map;

/** {@code note}: a tool that says it writes the file it is given, as a file tool does, and touches nothing. */
final class NoteTool implements Tool {
    private static final ToolSpec SPEC = ToolSpec.builder("note").description("Writes a file.")
            .stringParameter("path", "the file", true).build();

    @Override
    public ToolSpec spec() {
        return SPEC;
    }

    @Override
    public boolean readOnly() {
        return false;
    }

    @Override
    public List<Access> accesses(ToolArguments arguments) {
        return List.of(new Access.Write(arguments.string("path").orElseThrow()));
    }

    @Override
    public ToolResult execute(ToolArguments arguments, ToolContext context) {
        String path = arguments.string("path").orElseThrow();
        return new ToolResult.Success("Wrote " + path, Map.of("path", path));
    }
}
