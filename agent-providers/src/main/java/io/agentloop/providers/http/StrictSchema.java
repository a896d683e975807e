package io.agentloop.providers.http;

import java.util.List;
import java.util.Map;

/**
 * Whether a JSON Schema can be sent in OpenAI's strict mode, where every object lists all its
 * properties as required and allows no others. A schema that is not (one with an optional
 * property) is sent without strict mode: the answer is still checked against it afterwards.
 */
public final class StrictSchema {
    private StrictSchema() {
    }

    public static boolean compatible(Object schema) {
        if (schema instanceof List<?> list) {
            return list.stream().allMatch(StrictSchema::compatible);
        }
        if (!(schema instanceof Map<?, ?> map)) {
            return true;
        }
        if ("object".equals(map.get("type")) || map.containsKey("properties")) {
            Object properties = map.get("properties");
            Object required = map.get("required");
            if (!Boolean.FALSE.equals(map.get("additionalProperties"))
                    || !(properties instanceof Map<?, ?> props)
                    || !(required instanceof List<?> names) || !names.containsAll(props.keySet())) {
                return false;
            }
        }
        return map.values().stream().allMatch(StrictSchema::compatible);
    }
}
