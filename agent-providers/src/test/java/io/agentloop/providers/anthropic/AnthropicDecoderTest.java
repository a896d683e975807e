package io.agentloop.providers.anthropic;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.message.StopReason;
import io.agentloop.api.message.Usage;
import io.agentloop.api.model.StreamEvent;
import io.agentloop.providers.http.HttpErrorMapper;
import io.agentloop.providers.http.ProviderInfo;
import io.agentloop.providers.http.SseEvent;
import io.agentloop.providers.http.WireJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The stream cases the recorded fixtures do not show. */
class AnthropicDecoderTest {
    private final AnthropicDecoder decoder = new AnthropicDecoder(new HttpErrorMapper(
            new ProviderInfo("anthropic", "Anthropic", Optional.empty()), "https://models.example.test", WireJson.MAPPER));
    private final List<StreamEvent> events = new ArrayList<>();

    private void send(String type, String data) {
        decoder.accept(new SseEvent(type, data), events::add);
    }

    @Test
    void usageFiguresALaterPartLeavesOutKeepTheirEarlierValue() {
        send("message_start", """
                {"type":"message_start","message":{"usage":{"input_tokens":100,"cache_read_input_tokens":20,
                "cache_creation_input_tokens":5,"output_tokens":1,"output_tokens_details":{"thinking_tokens":1}}}}""");
        send("message_delta", """
                {"type":"message_delta","delta":{"stop_reason":"end_turn"},
                "usage":{"output_tokens":50,"output_tokens_details":{"thinking_tokens":30}}}""");
        send("message_stop", "{\"type\":\"message_stop\"}");

        assertThat(events).containsExactly(new StreamEvent.UsageReport(new Usage(125, 50, 20, 30)),
                new StreamEvent.Finish(StopReason.END_TURN));
    }

    @Test
    void aBlockIsReadWhateverTheOrderOfItsEventsProperties() {
        send("content_block_start", """
                {"content_block":{"name":"get_weather","id":"toolu_1","type":"tool_use","input":{}},
                "index":2,"type":"content_block_start"}""");
        send("content_block_delta", """
                {"delta":{"partial_json":"{\\"city\\":","type":"input_json_delta"},"index":2,"type":"content_block_delta"}""");

        assertThat(events).containsExactly(new StreamEvent.ToolCallStart(0, "toolu_1", "get_weather"),
                new StreamEvent.ToolCallArgumentsDelta(0, "{\"city\":"));
    }

    @Test
    void aStructuredAnswerIsTheValueOfTheRespondToolsInput() {
        send("content_block_start", """
                {"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_9",
                "name":"respond","input":{}}}""");
        send("content_block_delta", """
                {"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\\"value\\": {\\"n\\""}}""");
        send("content_block_delta", """
                {"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":": [1, 2]}}"}}""");
        send("content_block_stop", "{\"type\":\"content_block_stop\",\"index\":0}");
        send("message_delta", "{\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"tool_use\"},\"usage\":{}}");
        send("message_stop", "{\"type\":\"message_stop\"}");

        assertThat(events).containsExactly(new StreamEvent.TextDelta("{\"n\":[1,2]}"),
                new StreamEvent.UsageReport(Usage.ZERO), new StreamEvent.Finish(StopReason.END_TURN));
    }
}
