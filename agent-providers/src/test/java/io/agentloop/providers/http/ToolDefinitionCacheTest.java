package io.agentloop.providers.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.tool.ToolSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import tools.jackson.core.SerializableString;

class ToolDefinitionCacheTest {
    private final ToolSpec read = ToolSpec.builder("read").stringParameter("path", "file", true).build();
    private final ToolSpec list = ToolSpec.builder("list").build();

    @Test
    void theSameToolSetIsSerialisedOnce() {
        AtomicInteger encodings = new AtomicInteger();
        ToolDefinitionCache cache = new ToolDefinitionCache(specs -> {
            encodings.incrementAndGet();
            return WireJson.MAPPER.valueToTree(specs.stream().map(ToolSpec::name).toList());
        });
        List<ToolSpec> tools = List.of(read, list);

        SerializableString first = cache.get(tools);
        for (int i = 0; i < 100; i++) {
            assertThat(cache.get(tools)).isSameAs(first);
        }
        // An equal list built elsewhere is the same tool set.
        assertThat(cache.get(new ArrayList<>(tools))).isSameAs(first);
        assertThat(encodings).hasValue(1);
        assertThat(first.getValue()).isEqualTo("[\"read\",\"list\"]");
    }

    @Test
    void anotherToolSetIsSerialisedAgain() {
        AtomicInteger encodings = new AtomicInteger();
        ToolDefinitionCache cache = new ToolDefinitionCache(specs -> {
            encodings.incrementAndGet();
            return WireJson.MAPPER.valueToTree(specs.stream().map(ToolSpec::name).toList());
        });

        cache.get(List.of(read));
        SerializableString other = cache.get(List.of(list));

        assertThat(encodings).hasValue(2);
        assertThat(other.getValue()).isEqualTo("[\"list\"]");
    }
}
