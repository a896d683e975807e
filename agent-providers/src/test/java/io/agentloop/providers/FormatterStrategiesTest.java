package io.agentloop.providers;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.CancellationSignal;
import io.agentloop.api.format.Formatter;
import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.StopReason;
import io.agentloop.api.message.SystemMessage;
import io.agentloop.api.message.TextBlock;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.message.Usage;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.model.ModelStream;
import io.agentloop.api.model.StreamEvent;
import io.agentloop.api.tool.ToolSpec;
import io.agentloop.core.format.FormattedModel;
import io.agentloop.core.format.OpenAiChatFormatter;
import io.agentloop.core.format.SimpleFormatter;
import io.agentloop.core.format.StringFormatter;
import io.agentloop.providers.openai.OpenAiChatProvider;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The design's three formatter strategies ({@code openai-chat}, {@code simple}, {@code string}):
 * the request body each makes an OpenAI-compatible server receive for the same conversation (a
 * system prompt, the task, one tool round and a late system note).
 */
class FormatterStrategiesTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final ToolSpec WEATHER = ToolSpec.builder("weather").description("Today's weather.")
            .stringParameter("city", "a city", true).build();
    private static final ChatRequest CONVERSATION = ChatRequest.of(List.of(new SystemMessage("Be brief."),
            UserMessage.of("Weather in Oslo?"),
            new AssistantMessage(List.of(new TextBlock("Let me look."), ToolCall.of("c1", "weather",
                    "{\"city\":\"Oslo\"}")), Usage.ZERO, StopReason.TOOL_CALLS),
            new ToolMessage(List.of(new ToolResultBlock("c1", "weather", "rain, 4 C", false))),
            new SystemMessage("Answer in one line.")), List.of(WEATHER));

    private final ProviderServer server = new ProviderServer();

    @AfterEach
    void stop() {
        server.close();
    }

    /** The body of the request the model makes of {@link #CONVERSATION} through {@code formatter}. */
    private JsonNode bodyThrough(Formatter formatter) throws Exception {
        server.enqueue(Fixtures.response("openai-chat", "stream-text-usage.sse", 200));
        var model = FormattedModel.of(server.model(new OpenAiChatProvider(), "gpt-4o", "/v1", Map.of()), formatter);
        try (ModelStream stream = model.stream(CONVERSATION, CancellationSignal.never())) {
            while (!(stream.next() instanceof StreamEvent.Finish)) {
                // read to the end, so the request is complete
            }
        }
        return JSON.readTree(server.server.takeRequest().getBody().utf8());
    }

    private static List<String> roles(JsonNode body) {
        return body.path("messages").valueStream().map(m -> m.path("role").asString()).toList();
    }

    @Test
    void openAiChatKeepsToolsAndCallsInTheApisFieldsWithOneSystemMessageFirst() throws Exception {
        JsonNode body = bodyThrough(new OpenAiChatFormatter());

        assertThat(roles(body)).containsExactly("system", "user", "assistant", "tool");
        assertThat(body.at("/messages/0/content").asString()).isEqualTo("Be brief.\n\nAnswer in one line.");
        assertThat(body.at("/messages/2/tool_calls/0/function/name").asString()).isEqualTo("weather");
        assertThat(body.at("/messages/3/tool_call_id").asString()).isEqualTo("c1");
        assertThat(body.at("/tools/0/function/name").asString()).isEqualTo("weather");
    }

    @Test
    void simpleSendsEveryTurnAsARoleAndPlainTextWithNoToolFields() throws Exception {
        JsonNode body = bodyThrough(new SimpleFormatter());

        assertThat(roles(body)).containsExactly("system", "user", "assistant", "user");
        assertThat(body.has("tools")).isFalse();
        assertThat(body.at("/messages/0/content").asString()).startsWith("Be brief.\n\nAnswer in one line.\n\nYou can "
                + "call these tools.").contains("- weather: Today's weather.");
        assertThat(body.at("/messages/2/content").asString())
                .isEqualTo("Let me look.\n{\"name\": \"weather\", \"arguments\": {\"city\":\"Oslo\"}}");
        assertThat(body.at("/messages/2/tool_calls").isMissingNode()).isTrue();
        assertThat(body.at("/messages/3/content").asString()).isEqualTo("Result of weather:\nrain, 4 C");
    }

    @Test
    void stringSendsTheWholeConversationAsOneTranscript() throws Exception {
        JsonNode body = bodyThrough(new StringFormatter());

        assertThat(roles(body)).containsExactly("user");
        assertThat(body.has("tools")).isFalse();
        String transcript = body.at("/messages/0/content").asString();
        assertThat(transcript).startsWith("System:\nBe brief.\n\nAnswer in one line.\n\nYou can call these tools.")
                .contains("\n\nUser:\nWeather in Oslo?\n\nAssistant:\nLet me look.\n{\"name\": \"weather\", "
                        + "\"arguments\": {\"city\":\"Oslo\"}}\n\nUser:\nResult of weather:\nrain, 4 C\n\nAssistant:")
                .endsWith("\n\nAssistant:");
    }
}
