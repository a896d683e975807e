package io.agentloop.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentloop.api.message.ToolCall;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.tool.Param;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolMethod;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.testkit.ScriptedChatModel;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Tools from annotated methods: the schema their types make, and calls in the loop with validation. */
class AnnotatedToolsTest {

    public enum Unit { CELSIUS, FAHRENHEIT }

    public record Place(@Param(description = "a city") String city, Optional<String> country) {
    }

    /** An object with tools, as a user writes one. */
    public static final class Weather {
        final java.util.List<String> asked = new java.util.ArrayList<>();

        @ToolMethod(description = "Today's forecast for places.", readOnly = true)
        public String forecast(@Param(name = "places", description = "where") List<Place> places,
                               @Param(name = "unit") Unit unit, @Param(name = "days") Optional<Integer> days,
                               @Param(name = "tags") Set<String> tags, @Param(name = "extra") Map<String, Double> extra) {
            asked.add(places + " " + unit + " " + days + " " + tags + " " + extra);
            return "sunny in " + places.get(0).city() + places.get(0).country().map(c -> ", " + c).orElse("");
        }

        @ToolMethod(name = "alert_count", description = "How many weather alerts are out.", readOnly = true)
        public int alerts(@Param(name = "region") String region) {
            return region.length();
        }
    }

    @Test
    void theSchemaComesFromTheParameterTypes() {
        List<Tool> tools = AnnotatedTools.from(new Weather());

        assertThat(tools).extracting(t -> t.spec().name()).containsExactly("alert_count", "forecast");
        Tool forecast = tools.get(1);
        assertThat(forecast.readOnly()).isTrue();
        assertThat(forecast.spec().description()).isEqualTo("Today's forecast for places.");
        assertThat(forecast.spec().parameters()).isEqualTo(Map.of(
                "type", "object",
                "properties", Map.of(
                        "places", Map.of("type", "array", "description", "where", "items", Map.of(
                                "type", "object",
                                "properties", Map.of("city", Map.of("type", "string", "description", "a city"),
                                        "country", Map.of("type", "string")),
                                "required", List.of("city"), "additionalProperties", false)),
                        "unit", Map.of("type", "string", "enum", List.of("CELSIUS", "FAHRENHEIT")),
                        "days", Map.of("type", "integer"),
                        "tags", Map.of("type", "array", "items", Map.of("type", "string"), "uniqueItems", true),
                        "extra", Map.of("type", "object", "additionalProperties", Map.of("type", "number"))),
                "required", List.of("places", "unit", "tags", "extra"),
                "additionalProperties", false));
    }

    @Test
    void aCallRunsInTheLoopWithItsArgumentsConvertedAndValidated() {
        Weather weather = new Weather();
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(ToolCall.of("c1", "forecast", "{\"places\":[{\"city\":\"Lyon\",\"country\":\"FR\"}],"
                        + "\"unit\":\"CELSIUS\",\"tags\":[\"a\"],\"extra\":{\"wind\":3.5}}"),
                        ToolCall.of("c2", "forecast", "{\"places\":[{\"city\":\"Oslo\"}],\"unit\":\"KELVIN\","
                                + "\"tags\":[],\"extra\":{}}"),
                        ToolCall.of("c3", "alert_count", "{\"region\":\"north\"}"))
                .answer("Done.").build();

        RunResult result = Agent.builder().model(model).tools(AnnotatedTools.from(weather)).build().run("Weather?");

        assertThat(result.toolCalls()).extracting(call -> call.result().content()).satisfiesExactly(
                first -> assertThat(first).isEqualTo("sunny in Lyon, FR"),
                second -> assertThat(second).startsWith("Error (invalid_arguments)").contains("/unit"),
                third -> assertThat(third).isEqualTo("5"));
        assertThat(weather.asked).containsExactly(
                "[Place[city=Lyon, country=Optional[FR]]] CELSIUS Optional.empty [a] {wind=3.5}");
    }

    public static final class Unnamed {
        @ToolMethod(description = "d")
        public String run(String text) {
            return text;
        }
    }

    public static final class Untyped {
        @ToolMethod(description = "d")
        public String run(@Param(name = "value") Object value) {
            return "x";
        }
    }

    public static final class IntKeys {
        @ToolMethod(description = "d")
        public String run(@Param(name = "scores") Map<Integer, String> scores) {
            return "x";
        }
    }

    @Test
    void aMethodWhoseSchemaCannotBeMadeIsRefusedAtRegistrationSayingWhatToDo() {
        assertThatThrownBy(() -> AnnotatedTools.from(new Unnamed())).hasMessageContaining(
                "Unnamed.run: parameter arg0 has no name the model can use: annotate it @Param(name = \"...\") or "
                        + "compile with -parameters");
        assertThatThrownBy(() -> AnnotatedTools.from(new Untyped())).hasMessageContaining(
                "Untyped.run parameter 'value' has the type java.lang.Object, which has no JSON Schema here");
        assertThatThrownBy(() -> AnnotatedTools.from(new IntKeys())).hasMessageContaining(
                "a map needs String keys");
        assertThatThrownBy(() -> AnnotatedTools.from(new Object())).hasMessage(
                "java.lang.Object has no public method annotated @ToolMethod");
    }

    @Test
    void whatTheMethodThrowsIsTheCallsFailure() {
        Object failing = new Object() {
            @ToolMethod(description = "d", readOnly = true)
            public ToolResult run(@Param(name = "n") int n) {
                throw new IllegalStateException("no such thing as " + n);
            }
        };
        ScriptedChatModel model = ScriptedChatModel.script().toolCalls(ToolCall.of("c1", "run", "{\"n\":4}"))
                .answer("ok").build();

        RunResult result = Agent.builder().model(model).tools(AnnotatedTools.from(failing)).build().run("go");

        assertThat(result.toolCalls().get(0).result().content()).startsWith("Error (execution_failed)")
                .contains("no such thing as 4");
    }
}
