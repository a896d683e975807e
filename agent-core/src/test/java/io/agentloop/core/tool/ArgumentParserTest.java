package io.agentloop.core.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentloop.api.tool.ToolSpec;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class ArgumentParserTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private final ArgumentParser parser = ArgumentParser.compile(ToolSpec.builder("edit")
            .stringParameter("path", "file", true)
            .parameter("lines", Map.of("type", "array", "items", Map.of("type", "integer")), false)
            .parameter("mode", Map.of("type", "string", "enum", List.of("replace", "append")), false)
            .build(), JSON);

    @Test
    void validArgumentsBecomePlainJavaValues() {
        ArgumentParser.Parsed parsed = parser.parse("{\"path\":\"a.txt\",\"lines\":[1,2],\"mode\":\"append\"}");

        assertThat(parsed).isInstanceOfSatisfying(ArgumentParser.Parsed.Valid.class, valid -> {
            assertThat(valid.arguments().values()).isEqualTo(Map.of("path", "a.txt", "lines", List.of(1L, 2L),
                    "mode", "append"));
            assertThat(valid.arguments().json()).isEqualTo("{\"path\":\"a.txt\",\"lines\":[1,2],\"mode\":\"append\"}");
        });
    }

    @Test
    void schemaViolationsNameTheProblem() {
        assertThat(message(parser.parse("{\"path\":\"a\",\"mode\":\"delete\"}"))).contains("mode");
        assertThat(message(parser.parse("{}"))).contains("path");
        assertThat(message(parser.parse("{\"path\":\"a\",\"extra\":1}"))).contains("extra");
        assertThat(message(parser.parse("[1]"))).contains("must be a JSON object");
        assertThat(message(parser.parse("{\"path\":"))).contains("not valid JSON");
    }

    @Test
    void anInvalidSchemaIsRefusedWhenTheToolIsRegistered() {
        ToolSpec bad = new ToolSpec("bad", "", Map.of("type", 12));
        assertThatThrownBy(() -> ArgumentParser.compile(bad, JSON))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'bad'");
    }

    private static String message(ArgumentParser.Parsed parsed) {
        assertThat(parsed).isInstanceOf(ArgumentParser.Parsed.Invalid.class);
        return ((ArgumentParser.Parsed.Invalid) parsed).failure().message();
    }
}
