package io.agentloop.plugins.texttools;

import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;
import java.util.List;
import java.util.Map;
import org.apache.commons.text.CaseUtils;
import org.apache.commons.text.WordUtils;

/**
 * {@code change_case}: rewrites a text in camel, title or swapped case, with Apache Commons Text,
 * a library this plugin carries in its own jar (the host does not have it).
 */
public final class ChangeCaseTool implements Tool {
    private static final ToolSpec SPEC = ToolSpec.builder("change_case")
            .description("Rewrites a text in another letter case: camel (helloAgentWorld), title (Hello Agent "
                    + "World) or swap (hELLO).")
            .stringParameter("text", "the text to rewrite", true)
            .parameter("style", Map.of("type", "string", "enum", List.of("camel", "title", "swap"),
                    "description", "the case to write the text in"), true)
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
        String text = arguments.requireString("text");
        String result = switch (arguments.requireString("style")) {
            case "camel" -> CaseUtils.toCamelCase(text, false, ' ', '-', '_');
            case "title" -> WordUtils.capitalizeFully(text);
            case "swap" -> WordUtils.swapCase(text);
            default -> throw new IllegalArgumentException("the schema allows only camel, title and swap");
        };
        return new ToolResult.Success(result, Map.of("library", CaseUtils.class.getPackage().getName()));
    }
}
