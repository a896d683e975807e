package io.agentloop.api.format;

import io.agentloop.api.tool.ToolSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON Schema of a tool call written as text: the object {@code {"name": <tool>, "arguments":
 * <arguments>}} of the {@code text} formatter's protocol, which a runtime that constrains output
 * (a grammar, a response schema) holds a model to.
 */
public final class CallSchema {
    private CallSchema() {
    }

    /** A call of {@code tool}: its name, and arguments valid under its parameter schema. */
    public static Map<String, Object> of(ToolSpec tool) {
        Map<String, Object> properties = new LinkedHashMap<>();
        properties.put("name", Map.of("const", tool.name()));
        properties.put("arguments", tool.parameters());
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", "object");
        schema.put("properties", properties);
        schema.put("required", List.of("name", "arguments"));
        schema.put("additionalProperties", false);
        return schema;
    }

    /** A call of any of {@code tools} (the one call's schema when there is one tool). */
    public static Map<String, Object> anyOf(List<ToolSpec> tools) {
        List<Map<String, Object>> each = tools.stream().map(CallSchema::of).toList();
        return each.size() == 1 ? each.getFirst() : Map.of("anyOf", each);
    }
}
