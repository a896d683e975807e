package io.agentloop.core.permission;

import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Made-up arguments for a tool, from its schema: each required parameter gets a plain value of its
 * type (a string names a file inside the workspace), so a tool can say what such a call would touch.
 */
final class ProbeArguments {
    private ProbeArguments() {
    }

    static ToolArguments of(ToolSpec spec) {
        Map<String, Object> values = new LinkedHashMap<>();
        Object properties = spec.parameters().get("properties");
        Object required = spec.parameters().get("required");
        if (properties instanceof Map<?, ?> props && required instanceof List<?> names) {
            for (Object name : names) {
                Object schema = props.get(name);
                Object type = schema instanceof Map<?, ?> m ? m.get("type") : null;
                values.put(String.valueOf(name), switch (String.valueOf(type)) {
                    case "integer" -> 1L;
                    case "number" -> 1.0;
                    case "boolean" -> false;
                    case "array" -> List.of();
                    case "object" -> Map.of();
                    default -> "probe.txt";
                });
            }
        }
        return ToolArguments.of(values);
    }
}
