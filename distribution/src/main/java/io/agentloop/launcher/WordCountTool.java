package io.agentloop.launcher;

import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;
import java.util.Map;

/** Counts the words of a text: the example's tool. */
final class WordCountTool implements Tool {
    private static final ToolSpec SPEC = ToolSpec.builder("word_count")
            .description("Counts the words (runs of non-space characters) of a text.")
            .stringParameter("text", "the text to count", true)
            .build();

    @Override
    public ToolSpec spec() {
        return SPEC;
    }

    @Override
    public boolean readOnly() {
        return true;
    }

    /** No outside text: a count of the text the model gave. */
    @Override
    public boolean bringsOutsideText() {
        return false;
    }

    @Override
    public ToolResult execute(ToolArguments arguments, ToolContext context) {
        String text = arguments.requireString("text").strip();
        int words = text.isEmpty() ? 0 : text.split("\\s+").length;
        return new ToolResult.Success(Integer.toString(words), Map.of("words", words));
    }
}
