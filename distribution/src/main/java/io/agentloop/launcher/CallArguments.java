package io.agentloop.launcher;

import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A tool call's arguments as the terminal shows them beside the tool's name. */
final class CallArguments {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private CallArguments() {
    }

    /** The arguments of a tool call as a short text: a lone value as itself, else key: value pairs. */
    static String shortText(String json) {
        JsonNode node;
        try {
            node = JSON.readTree(json);
        } catch (JacksonException e) {
            return json;
        }
        if (node == null || !node.isObject()) {
            return json;
        }
        if (node.size() == 1) {
            JsonNode only = node.iterator().next();
            return only.isValueNode() ? only.asString() : only.toString();
        }
        StringBuilder text = new StringBuilder();
        for (Map.Entry<String, JsonNode> field : node.properties()) {
            text.append(text.isEmpty() ? "" : ", ").append(field.getKey()).append(": ")
                    .append(field.getValue().isValueNode() ? field.getValue().asString() : field.getValue().toString());
        }
        return text.toString();
    }
}
