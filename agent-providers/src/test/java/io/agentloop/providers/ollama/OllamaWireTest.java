package io.agentloop.providers.ollama;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.ReasoningBlock;
import io.agentloop.api.message.StopReason;
import io.agentloop.api.message.TextBlock;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.message.Usage;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.model.ChatOptions;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.model.NonRetryableModelException;
import io.agentloop.api.model.StreamEvent;
import io.agentloop.api.tool.ToolSpec;
import io.agentloop.providers.http.HttpErrorMapper;
import io.agentloop.providers.http.JsonRead;
import io.agentloop.providers.http.WireJson;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.json.JsonFactory;

/**
 * Ollama's native format in the cases the recordings do not hold: requests written token by token,
 * tool calls without ids or with string arguments, the reasons a response stops, and error lines.
 * The bodies are written from Ollama's documented shapes, not recorded.
 */
class OllamaWireTest {
    private final HttpErrorMapper errors = new HttpErrorMapper(OllamaProvider.INFO, "http://localhost:11434",
            WireJson.MAPPER);

    @Test
    void theRequestIsWrittenTokenByTokenWithoutATree() {
        ToolSpec weather = ToolSpec.builder("get_weather").description("Weather in a city")
                .stringParameter("city", "the city", true).build();
        ChatRequest request = new ChatRequest(List.of(UserMessage.of("Paris?"),
                new AssistantMessage(List.of(ReasoningBlock.of("One call."), ToolCall.of("call_1", "get_weather",
                        "{ \"city\" : \"Paris\" }"), ToolCall.of("call_2", "get_weather", "{\"city\":")),
                        Usage.ZERO, StopReason.TOOL_CALLS),
                new ToolMessage(List.of(new ToolResultBlock("call_1", "get_weather", "18 C", false),
                        new ToolResultBlock("call_2", "get_weather", "bad arguments", true)))),
                List.of(weather), ChatOptions.DEFAULTS.withTemperature(0.5).withStop(List.of("END")).withSeed(7));
        StringWriter body = new StringWriter();
        // A generator with no mapper behind it can write tokens and raw values, but not trees.
        try (JsonGenerator out = new JsonFactory().createGenerator(ObjectWriteContext.empty(), body)) {
            new OllamaFormatter("qwen3", false, true).write(request, out);
        }

        assertThat(WireJson.MAPPER.readTree(body.toString())).isEqualTo(WireJson.MAPPER.readTree("""
                {"model":"qwen3","messages":[
                  {"role":"user","content":"Paris?"},
                  {"role":"assistant","content":"","thinking":"One call.","tool_calls":[
                    {"function":{"name":"get_weather","arguments":{"city":"Paris"}}},
                    {"function":{"name":"get_weather","arguments":{}}}]},
                  {"role":"tool","tool_name":"get_weather","content":"18 C"},
                  {"role":"tool","tool_name":"get_weather","content":"bad arguments"}],
                 "stream":false,
                 "tools":[{"type":"function","function":{"name":"get_weather","description":"Weather in a city",
                   "parameters":%s}}],
                 "think":true,
                 "options":{"temperature":0.5,"stop":["END"],"seed":7}}
                """.formatted(WireJson.MAPPER.writeValueAsString(weather.parameters()))));
    }

    @Test
    void aWholeResponseNamesCallsWithoutAnIdAndKeepsStringArguments() {
        AssistantMessage message = new OllamaFormatter("qwen3", false, null).read(JsonRead.parser("""
                {"done_reason":"stop","eval_count":9,"message":{"tool_calls":[
                   {"function":{"arguments":{"city":"Rome"},"name":"get_weather"}},
                   {"id":"call_x","function":{"name":"get_time","arguments":"{\\"tz\\":\\"UTC\\"}"}}],
                 "content":"Two calls.","thinking":"Both.","role":"assistant"},"prompt_eval_count":40,"done":true}
                """.getBytes(StandardCharsets.UTF_8)));

        assertThat(message.content()).containsExactly(ReasoningBlock.of("Both."), new TextBlock("Two calls."),
                ToolCall.of("call_0", "get_weather", "{\"city\":\"Rome\"}"),
                ToolCall.of("call_x", "get_time", "{\"tz\":\"UTC\"}"));
        assertThat(message.usage()).isEqualTo(Usage.of(40, 9));
        assertThat(message.stopReason()).isEqualTo(StopReason.TOOL_CALLS);
    }

    @Test
    void aStreamNumbersItsCallsAcrossLinesAndEndsWithTheDoneLine() {
        List<StreamEvent> events = decode(
                "{\"message\":{\"role\":\"assistant\",\"content\":\"\",\"thinking\":\"Hmm.\"},\"done\":false}",
                "{\"message\":{\"content\":\"\",\"tool_calls\":[{\"function\":{\"name\":\"a\",\"arguments\":{}}}]}}",
                "{\"message\":{\"tool_calls\":[{\"function\":{\"name\":\"b\",\"arguments\":{\"x\":[1,2]}}}]}}",
                "{\"message\":{\"content\":\"\"},\"done\":true,\"done_reason\":\"length\",\"prompt_eval_count\":5,"
                        + "\"eval_count\":6}");

        assertThat(events).containsExactly(new StreamEvent.ReasoningDelta("Hmm."),
                new StreamEvent.ToolCallStart(0, "call_0", "a"), new StreamEvent.ToolCallArgumentsDelta(0, "{}"),
                new StreamEvent.ToolCallStart(1, "call_1", "b"),
                new StreamEvent.ToolCallArgumentsDelta(1, "{\"x\":[1,2]}"),
                new StreamEvent.UsageReport(Usage.of(5, 6)), new StreamEvent.Finish(StopReason.MAX_TOKENS));
    }

    @Test
    void theDoneReasonAndTheCallsDecideTheStopReason() {
        assertThat(decode("{\"done\":true,\"done_reason\":\"stop\"}")).last()
                .isEqualTo(new StreamEvent.Finish(StopReason.END_TURN));
        assertThat(decode("{\"done\":true,\"done_reason\":\"unload\"}")).last()
                .isEqualTo(new StreamEvent.Finish(StopReason.OTHER));
        assertThat(decode("{\"message\":{\"content\":\"Hi\"},\"done\":false}"))
                .containsExactly(new StreamEvent.TextDelta("Hi"));
    }

    @Test
    void aLineWithAnErrorIsAnError() {
        assertThatThrownBy(() -> decode("{\"message\":{\"content\":\"partial\"},\"error\":\"model runner crashed\"}"))
                .isInstanceOf(NonRetryableModelException.class).hasMessageContaining("model runner crashed");
    }

    private List<StreamEvent> decode(String... lines) {
        OllamaDecoder decoder = new OllamaDecoder(errors);
        List<StreamEvent> out = new ArrayList<>();
        for (String line : lines) {
            decoder.accept(line.getBytes(StandardCharsets.UTF_8), out::add);
        }
        return out;
    }
}
