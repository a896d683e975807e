package io.agentloop.api.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ToolSpecTest {

    @Test
    void builderMakesAnObjectSchemaInDeclarationOrder() {
        ToolSpec spec = ToolSpec.builder("read").description("Reads a file")
                .stringParameter("path", "the file", true)
                .integerParameter("offset", "first line", false)
                .integerParameter("limit", "how many lines", false)
                .build();

        assertThat(spec.parameters()).containsEntry("type", "object").containsEntry("required", List.of("path"));
        @SuppressWarnings("unchecked")
        Map<String, Object> properties = (Map<String, Object>) spec.parameters().get("properties");
        assertThat(properties.keySet()).containsExactly("path", "offset", "limit");
        assertThat(spec.parameters().keySet()).containsExactly("type", "properties", "required", "additionalProperties");
    }

    @Test
    void theSchemaIsADeepImmutableCopy() {
        Map<String, Object> inner = new LinkedHashMap<>();
        inner.put("type", "string");
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("properties", new LinkedHashMap<>(Map.of("x", inner)));
        ToolSpec spec = new ToolSpec("t", "", schema);
        inner.put("type", "number");

        @SuppressWarnings("unchecked")
        Map<String, Map<String, Object>> properties = (Map<String, Map<String, Object>>) spec.parameters().get("properties");
        assertThat(properties.get("x")).containsEntry("type", "string");
        assertThatThrownBy(() -> properties.put("y", Map.of())).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void namesProvidersRejectAreRefused() {
        assertThatThrownBy(() -> ToolSpec.builder("read file").build())
                .hasMessageContaining("'read file'").hasMessageContaining("letters, digits");
    }

    @Test
    void argumentsReadTypedValuesAndNameWrongOnes() {
        ToolArguments args = ToolArguments.of(Map.of("path", "a.txt", "limit", 5L, "all", true));
        assertThat(args.requireString("path")).isEqualTo("a.txt");
        assertThat(args.integer("limit")).contains(5L);
        assertThat(args.bool("all")).contains(true);
        assertThat(args.string("missing")).isEmpty();
        assertThatThrownBy(() -> args.string("limit")).hasMessage("argument 'limit' is a Long, not a String");
        assertThatThrownBy(() -> args.requireString("missing")).hasMessage("missing required argument 'missing'");
    }

    @Test
    void failureContentNamesTheCode() {
        assertThat(ToolResult.failure("timeout", "too slow").content()).isEqualTo("Error (timeout): too slow");
        assertThat(ToolResult.success("ok").isError()).isFalse();
    }
}
