package io.agentloop.providers.gemini;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentloop.api.message.StopReason;
import io.agentloop.api.message.Usage;
import io.agentloop.api.model.ModelException;
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
class GeminiDecoderTest {
    private final GeminiDecoder decoder = new GeminiDecoder(new HttpErrorMapper(
            new ProviderInfo("gemini", "Gemini", Optional.empty()), "https://models.example.test", WireJson.MAPPER));
    private final List<StreamEvent> events = new ArrayList<>();

    @Test
    void partsKeepTheirOrderAndIdLessCallsAreNamedAfterTheResponseIdThatFollowsThem() {
        decoder.accept(new SseEvent("message", """
                {"candidates":[{"content":{"role":"model","parts":[
                {"functionCall":{"name":"a","args":{"x":1}},"thoughtSignature":"sig"},
                {"text":"then text"},
                {"functionCall":{"id":"own","name":"b","args":"not an object"}}]},"finishReason":"STOP"},
                {"content":{"parts":[{"text":"second candidate"}]}}],
                "usageMetadata":{"promptTokenCount":7,"candidatesTokenCount":3,"thoughtsTokenCount":2},
                "responseId":"r1"}"""), events::add);
        decoder.end(events::add);

        assertThat(events).containsExactly(
                new StreamEvent.ToolCallStart(0, "r1_0", "a", Optional.of("sig")),
                new StreamEvent.ToolCallArgumentsDelta(0, "{\"x\":1}"),
                new StreamEvent.TextDelta("then text"),
                new StreamEvent.ToolCallStart(1, "own", "b", Optional.empty()),
                new StreamEvent.ToolCallArgumentsDelta(1, "{}"),
                new StreamEvent.UsageReport(new Usage(7, 5, 0, 2)),
                new StreamEvent.Finish(StopReason.TOOL_CALLS));
    }

    @Test
    void anErrorChunkEmitsNothingOfWhatItCarries() {
        assertThatThrownBy(() -> decoder.accept(new SseEvent("message", """
                {"candidates":[{"content":{"parts":[{"text":"partial"}]}}],
                "error":{"code":503,"message":"overloaded","status":"UNAVAILABLE"}}"""), events::add))
                .isInstanceOf(ModelException.class);
        assertThat(events).isEmpty();
    }
}
