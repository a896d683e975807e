package io.agentloop.providers.http;

import io.agentloop.api.tool.ToolSpec;
import java.util.List;
import java.util.function.Function;
import tools.jackson.core.SerializableString;
import tools.jackson.core.io.SerializedString;
import tools.jackson.databind.JsonNode;

/**
 * Serialises a tool set's definitions once and reuses the bytes while the same set is offered
 * (an agent offers the same list on every call). Keyed by the list's identity, with equality as
 * the fallback, one entry per model. Thread-safe.
 */
public final class ToolDefinitionCache {
    private final Function<List<ToolSpec>, JsonNode> encode;
    private volatile Entry last;

    private record Entry(List<ToolSpec> specs, SerializedString json) {
    }

    public ToolDefinitionCache(Function<List<ToolSpec>, JsonNode> encode) {
        this.encode = encode;
    }

    /**
     * The definitions as raw JSON to write into a request with
     * {@link tools.jackson.core.JsonGenerator#writeRawValue(SerializableString)}; its UTF-8 bytes are
     * made once, on the first write.
     */
    public SerializableString get(List<ToolSpec> specs) {
        Entry entry = last;
        if (entry != null && (entry.specs == specs || entry.specs.equals(specs))) {
            return entry.json;
        }
        SerializedString json = new SerializedString(WireJson.MAPPER.writeValueAsString(encode.apply(specs)));
        last = new Entry(specs, json);
        return json;
    }
}
