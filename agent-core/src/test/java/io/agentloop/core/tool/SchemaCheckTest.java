package io.agentloop.core.tool;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The schema lint: typos and impossible schemas, never keywords validators ignore on purpose. */
class SchemaCheckTest {

    @Test
    void aMisspelledKeywordAnywhereIsNamedWithWhereItIs() {
        assertThat(SchemaCheck.problem(Map.of("type", "object", "properties", Map.of("path",
                Map.of("type", "string", "descripton", "the file"))))).contains("property 'path' has the keyword "
                + "'descripton', which JSON Schema does not know (did you mean 'description'?); it would be ignored");
        assertThat(SchemaCheck.problem(Map.of("type", "objekt"))).hasValueSatisfying(problem -> assertThat(problem)
                .startsWith("the schema has the type 'objekt', which is not a JSON type").endsWith("did you mean 'object'?"));
        assertThat(SchemaCheck.problem(Map.of("type", "object", "properties", Map.of("a", Map.of("type", "string")),
                "required", List.of("b"), "additionalProperties", false)))
                .contains("the schema requires 'b', which is not among its properties, and allows no others: no call "
                        + "can match it");
    }

    @Test
    void keywordsValidatorsIgnoreOnPurposeAreAllowed() {
        assertThat(SchemaCheck.problem(Map.of("type", "object", "x-display", "compact", "discriminator",
                Map.of("propertyName", "kind"), "properties", Map.of("n", Map.of("type", "integer", "example", 3)),
                "additionalItems", false, "id", "urn:x"))).isEmpty();
        assertThat(SchemaCheck.problem(Map.of("type", "object", "customAnnotation", "kept"))).isEmpty();
    }
}
