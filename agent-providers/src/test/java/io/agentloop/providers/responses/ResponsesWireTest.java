package io.agentloop.providers.responses;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.ReasoningBlock;
import io.agentloop.api.message.StopReason;
import io.agentloop.api.message.SystemMessage;
import io.agentloop.api.message.TextBlock;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.message.Usage;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.model.ChatOptions;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.model.NonRetryableModelException;
import io.agentloop.api.model.RetryableModelException;
import io.agentloop.api.model.StreamEvent;
import io.agentloop.api.tool.ToolSpec;
import io.agentloop.providers.http.HttpErrorMapper;
import io.agentloop.providers.http.JsonRead;
import io.agentloop.providers.http.SseEvent;
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
 * The Responses format's cases the recordings do not hold: requests written token by token, whole
 * responses whose items name their type last, incomplete and failed responses, and error events.
 * The bodies are written from the API's documented shapes, not recorded.
 */
class ResponsesWireTest {
    private final HttpErrorMapper errors = new HttpErrorMapper(ResponsesProvider.INFO, "https://api.example.test/v1",
            WireJson.MAPPER);
    private final ResponsesFormatter formatter = new ResponsesFormatter("gpt-test", true);

    @Test
    void theRequestIsWrittenTokenByTokenWithoutATree() {
        ToolSpec weather = ToolSpec.builder("get_weather").description("Weather in a city")
                .stringParameter("city", "the city", true).build();
        ChatRequest request = new ChatRequest(List.of(new SystemMessage("Be terse."), new SystemMessage("Use tools."),
                UserMessage.of("Paris?"),
                new AssistantMessage(List.of(new TextBlock("Checking."), ToolCall.of("call_1", "get_weather",
                        "{\"city\":\"Paris\"}")), Usage.ZERO, StopReason.TOOL_CALLS),
                new ToolMessage(List.of(new ToolResultBlock("call_1", "get_weather", "18 C", false)))),
                List.of(weather), ChatOptions.DEFAULTS.withTemperature(0.5).withReasoningEffort("low"));
        StringWriter body = new StringWriter();
        // A generator with no mapper behind it can write tokens and raw values, but not trees.
        try (JsonGenerator out = new JsonFactory().createGenerator(ObjectWriteContext.empty(), body)) {
            formatter.write(request, out);
        }

        assertThat(WireJson.MAPPER.readTree(body.toString())).isEqualTo(WireJson.MAPPER.readTree("""
                {"model":"gpt-test","input":[
                  {"role":"user","content":"Paris?"},
                  {"type":"message","role":"assistant","content":[{"type":"output_text","text":"Checking."}]},
                  {"type":"function_call","call_id":"call_1","name":"get_weather","arguments":"{\\"city\\":\\"Paris\\"}"},
                  {"type":"function_call_output","call_id":"call_1","output":"18 C"}],
                 "instructions":"Be terse.\\n\\nUse tools.",
                 "tools":[{"type":"function","name":"get_weather","description":"Weather in a city",
                   "parameters":%s}],
                 "tool_choice":"auto","temperature":0.5,"reasoning":{"effort":"low"},"store":false,
                 "include":["reasoning.encrypted_content"],"stream":true}
                """.formatted(WireJson.MAPPER.writeValueAsString(weather.parameters()))));
    }

    @Test
    void aWholeResponseIsReadWhateverTheOrderOfItsProperties() {
        AssistantMessage message = read("""
                {"usage":{"output_tokens_details":{"reasoning_tokens":7},"output_tokens":20,
                   "input_tokens_details":{"cached_tokens":64},"input_tokens":100},
                 "output":[
                  {"summary":[{"text":"First."},{"type":"summary_text","text":"Second."}],"encrypted_content":"gAAA",
                   "type":"reasoning"},
                  {"content":[{"text":"Hello.","type":"output_text"},{"type":"refusal","refusal":"no"},
                    {"type":"output_text","text":"Bye."}],"role":"assistant","type":"message"},
                  {"arguments":"{}","name":"get_time","call_id":"call_9","id":"fc_1","type":"function_call"},
                  {"type":"web_search_call","id":"ws_1","status":"completed"}],
                 "status":"completed"}
                """);

        // The encrypted reasoning is kept as the block's signature, to be sent back.
        assertThat(message.content()).containsExactly(
                new ReasoningBlock("First.\n\nSecond.", java.util.Optional.of("gAAA"), java.util.Optional.empty()),
                new TextBlock("Hello."),
                new TextBlock("Bye."), ToolCall.of("call_9", "get_time", "{}"));
        assertThat(message.usage()).isEqualTo(new Usage(100, 20, 64, 7));
        assertThat(message.stopReason()).isEqualTo(StopReason.TOOL_CALLS);
    }

    @Test
    void anIncompleteWholeResponseSaysWhy() {
        assertThat(read("{\"incomplete_details\":{\"reason\":\"content_filter\"},\"status\":\"incomplete\","
                + "\"output\":[]}").stopReason()).isEqualTo(StopReason.CONTENT_FILTER);
        assertThat(read("{\"status\":\"incomplete\",\"incomplete_details\":{\"reason\":\"max_output_tokens\"}}")
                .stopReason()).isEqualTo(StopReason.MAX_TOKENS);
        assertThat(read("{\"status\":\"incomplete\",\"incomplete_details\":null}").stopReason())
                .isEqualTo(StopReason.OTHER);
        assertThat(read("{\"status\":\"completed\",\"usage\":null}")).satisfies(m -> {
            assertThat(m.stopReason()).isEqualTo(StopReason.END_TURN);
            assertThat(m.usage()).isEqualTo(Usage.ZERO);
        });
    }

    @Test
    void anIncompleteStreamEndsWithItsUsageAndReasonWhateverTheOrderOfItsProperties() {
        List<StreamEvent> events = decode(
                new SseEvent("response.output_item.added", "{\"output_index\":1,\"item\":{\"name\":\"get_time\","
                        + "\"call_id\":\"call_7\",\"arguments\":\"{\\\"tz\\\":\",\"type\":\"function_call\"},"
                        + "\"type\":\"response.output_item.added\"}"),
                new SseEvent("response.function_call_arguments.delta", "{\"delta\":\"\\\"UTC\\\"}\","
                        + "\"output_index\":1,\"type\":\"response.function_call_arguments.delta\"}"),
                new SseEvent("response.function_call_arguments.delta", "{\"type\":"
                        + "\"response.function_call_arguments.delta\",\"output_index\":5,\"delta\":\"lost\"}"),
                new SseEvent("response.incomplete", "{\"response\":{\"usage\":{\"input_tokens\":12,"
                        + "\"input_tokens_details\":{\"cached_tokens\":8},\"output_tokens\":30,"
                        + "\"output_tokens_details\":{\"reasoning_tokens\":29}},\"status\":\"incomplete\","
                        + "\"incomplete_details\":{\"reason\":\"max_output_tokens\"}},\"type\":\"response.incomplete\"}"));

        assertThat(events).containsExactly(new StreamEvent.ToolCallStart(0, "call_7", "get_time"),
                new StreamEvent.ToolCallArgumentsDelta(0, "{\"tz\":"),
                new StreamEvent.ToolCallArgumentsDelta(0, "\"UTC\"}"),
                new StreamEvent.UsageReport(new Usage(12, 30, 8, 29)),
                new StreamEvent.Finish(StopReason.MAX_TOKENS));
    }

    @Test
    void theEventNameStandsInForAMissingType() {
        assertThat(decode(new SseEvent("response.output_text.delta", "{\"delta\":\"Hi\"}"),
                new SseEvent("response.reasoning_summary_text.delta", "{\"delta\":\"Hmm\"}"),
                new SseEvent("response.completed", "{\"response\":{\"status\":\"completed\"}}")))
                .containsExactly(new StreamEvent.TextDelta("Hi"), new StreamEvent.ReasoningDelta("Hmm"),
                        new StreamEvent.UsageReport(Usage.ZERO), new StreamEvent.Finish(StopReason.END_TURN));
    }

    @Test
    void aFailedResponseIsAnErrorWithTheResponsesOwnError() {
        SseEvent failed = new SseEvent("response.failed", "{\"type\":\"response.failed\",\"response\":{\"id\":"
                + "\"resp_1\",\"status\":\"failed\",\"error\":{\"code\":\"invalid_prompt\",\"message\":"
                + "\"The prompt was flagged.\"},\"usage\":null}}");

        assertThatThrownBy(() -> decode(failed)).isInstanceOf(NonRetryableModelException.class)
                .hasMessage("OpenAI Responses: error in the response stream invalid_prompt: The prompt was flagged.");
    }

    @Test
    void anErrorEventIsAnError() {
        assertThatThrownBy(() -> decode(new SseEvent("error", "{\"type\":\"error\",\"code\":\"rate_limit_exceeded\","
                + "\"message\":\"Slow down.\"}"))).isInstanceOf(RetryableModelException.class)
                .hasMessageContaining("Slow down.");
        assertThatThrownBy(() -> decode(new SseEvent("message", "{\"type\":\"error\",\"code\":\"server_error\","
                + "\"message\":\"Oops.\"}"))).hasMessageContaining("Oops.");
    }

    private AssistantMessage read(String json) {
        return formatter.read(JsonRead.parser(json.getBytes(StandardCharsets.UTF_8)));
    }

    private List<StreamEvent> decode(SseEvent... events) {
        ResponsesDecoder decoder = new ResponsesDecoder(errors);
        List<StreamEvent> out = new ArrayList<>();
        for (SseEvent event : events) {
            decoder.accept(event, out::add);
        }
        return out;
    }
}
