package io.agentloop.launcher;

import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;
import java.util.Locale;

/** A plugin tool for the launcher tests: upper-cases its text. */
public final class ShoutTool implements Tool {
    @Override
    public ToolSpec spec() {
        return ToolSpec.builder("shout").description("Upper-cases a text.").stringParameter("text", "the text", true)
                .build();
    }

    @Override
    public boolean readOnly() {
        return true;
    }

    @Override
    public ToolResult execute(ToolArguments arguments, ToolContext context) {
        return ToolResult.success(arguments.requireString("text").toUpperCase(Locale.ROOT));
    }
}
