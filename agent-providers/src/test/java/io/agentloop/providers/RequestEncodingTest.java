package io.agentloop.providers;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.CancellationSignal;
import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.ReasoningBlock;
import io.agentloop.api.message.StopReason;
import io.agentloop.api.message.SystemMessage;
import io.agentloop.api.message.TextBlock;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.message.Usage;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.model.ChatModel;
import io.agentloop.api.model.ChatOptions;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.model.ModelProvider;
import io.agentloop.api.tool.ToolSpec;
import io.agentloop.providers.anthropic.AnthropicProvider;
import io.agentloop.providers.gemini.GeminiProvider;
import io.agentloop.providers.ollama.OllamaProvider;
import io.agentloop.providers.openai.OpenAiChatProvider;
import io.agentloop.providers.responses.ResponsesProvider;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One conversation (system prompt, user message, an assistant turn with signed reasoning, text and
 * two tool calls, two tool results, a follow-up) encoded by every wire format, and the body the
 * server received checked field by field against the shapes of the recorded requests.
 */
class RequestEncodingTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final ToolSpec WEATHER = ToolSpec.builder("get_weather").description("Weather in a city")
            .stringParameter("city", "the city", true).build();
    private static final List<Message> CONVERSATION = List.of(
            new SystemMessage("You are terse."),
            UserMessage.of("Weather in Paris and Rome?"),
            new AssistantMessage(List.of(
                    new ReasoningBlock("Two cities, two calls.", Optional.of("sig-1"), Optional.empty()),
                    new TextBlock("Checking both."),
                    ToolCall.of("call_1", "get_weather", "{\"city\":\"Paris\"}"),
                    new ToolCall("call_2", "get_weather", "{\"city\":\"Rome\"}", Optional.of("gsig-2"))),
                    Usage.ZERO, StopReason.TOOL_CALLS),
            new ToolMessage(List.of(new ToolResultBlock("call_1", "get_weather", "18 C, sunny", false),
                    new ToolResultBlock("call_2", "get_weather", "Error (timeout): too slow", true))),
            UserMessage.of("Thanks. And Berlin?"));
    private static final ChatRequest REQUEST = new ChatRequest(CONVERSATION, List.of(WEATHER),
            ChatOptions.DEFAULTS.withTemperature(0.2).withMaxTokens(500));

    private final ProviderServer server = new ProviderServer();

    @AfterEach
    void stop() {
        server.close();
    }

    private ProviderServer.Received send(ModelProvider provider, String basePath, String api, String response) {
        server.enqueue(Fixtures.response(api, response, 200));
        ChatModel model = server.model(provider, "test-model", basePath, Map.of());
        Collected.from(model.stream(REQUEST, CancellationSignal.never()));
        return server.take();
    }

    @Test
    void eachCallCarriesItsOwnIdempotencyKeyWhereTheApiIsSentOne() {
        String openAi = send(new OpenAiChatProvider(), "/v1", "openai-chat", "stream-text-usage.sse")
                .header("Idempotency-Key");
        String openAiAgain = send(new OpenAiChatProvider(), "/v1", "openai-chat", "stream-text-usage.sse")
                .header("Idempotency-Key");
        String anthropic = send(new AnthropicProvider(), "/v1", "anthropic", "stream-text.sse").header("Idempotency-Key");
        String responses = send(new ResponsesProvider(), "/v1", "openai-responses", "stream-text.sse")
                .header("Idempotency-Key");

        assertThat(List.of(openAi, openAiAgain, anthropic, responses))
                .allSatisfy(key -> assertThat(key).matches("agentloop-retry-[0-9a-f-]{36}")).doesNotHaveDuplicates();
        assertThat(send(new GeminiProvider(), "/v1beta", "gemini", "stream-text.sse").header("Idempotency-Key"))
                .isNull();
        assertThat(send(new OllamaProvider(), "/", "ollama", "chat-stream-text.ndjson").header("Idempotency-Key"))
                .isNull();
    }

    private static JsonNode schema() {
        return JSON.valueToTree(WEATHER.parameters());
    }

    @Test
    void aResponseSchemaIsSentWhereTheApiTakesOne() {
        Map<String, Object> schema = Map.of("type", "object", "properties", Map.of("city", Map.of("type", "string")));
        ChatRequest constrained = ChatRequest.of(List.of(UserMessage.of("A city?")), List.of())
                .withOptions(ChatOptions.DEFAULTS.withResponseSchema(schema));

        server.enqueue(Fixtures.response("openai-chat", "stream-text-usage.sse", 200));
        Collected.from(server.model(new OpenAiChatProvider(), "m", "/v1", Map.of())
                .stream(constrained, CancellationSignal.never()));
        JsonNode openAi = server.take().body();
        server.enqueue(Fixtures.response("ollama", "chat-stream-text.ndjson", 200));
        Collected.from(server.model(new OllamaProvider(), "m", "/", Map.of()).stream(constrained, CancellationSignal.never()));
        JsonNode ollama = server.take().body();

        assertThat(openAi.path("response_format").toString()).isEqualTo("{\"type\":\"json_schema\",\"json_schema\":"
                + "{\"name\":\"answer\",\"strict\":false,\"schema\":" + JSON.writeValueAsString(schema) + "}}");
        assertThat(ollama.path("format")).isEqualTo(JSON.valueToTree(schema));
        assertThat(send(new OpenAiChatProvider(), "/v1", "openai-chat", "stream-text-usage.sse").body().has("response_format"))
                .as("no schema, no response_format").isFalse();
    }

    @Test
    void openAiChat() {
        ProviderServer.Received sent = send(new OpenAiChatProvider(), "/v1", "openai-chat", "stream-text-usage.sse");
        JsonNode body = sent.body();

        assertThat(sent.path()).isEqualTo("/v1/chat/completions");
        assertThat(sent.header("Authorization")).isEqualTo("Bearer test-key");
        assertThat(body.path("model").asString()).isEqualTo("test-model");
        JsonNode messages = body.path("messages");
        assertThat(messages).hasSize(6);
        assertThat(messages.path(0).toString()).isEqualTo("{\"role\":\"system\",\"content\":\"You are terse.\"}");
        assertThat(messages.path(1).toString()).isEqualTo("{\"role\":\"user\",\"content\":\"Weather in Paris and Rome?\"}");
        JsonNode assistant = messages.path(2);
        assertThat(assistant.path("role").asString()).isEqualTo("assistant");
        assertThat(assistant.path("content").asString()).isEqualTo("Checking both.");
        assertThat(assistant.has("reasoning_content")).isFalse();
        assertThat(assistant.path("tool_calls").toString()).isEqualTo("[{\"id\":\"call_1\",\"type\":\"function\","
                + "\"function\":{\"name\":\"get_weather\",\"arguments\":\"{\\\"city\\\":\\\"Paris\\\"}\"}},"
                + "{\"id\":\"call_2\",\"type\":\"function\",\"function\":{\"name\":\"get_weather\","
                + "\"arguments\":\"{\\\"city\\\":\\\"Rome\\\"}\"}}]");
        assertThat(messages.path(3).toString()).isEqualTo(
                "{\"role\":\"tool\",\"tool_call_id\":\"call_1\",\"content\":\"18 C, sunny\"}");
        assertThat(messages.path(4).toString()).isEqualTo(
                "{\"role\":\"tool\",\"tool_call_id\":\"call_2\",\"content\":\"Error (timeout): too slow\"}");
        assertThat(messages.path(5).path("content").asString()).isEqualTo("Thanks. And Berlin?");
        assertThat(body.path("stream").asBoolean()).isTrue();
        assertThat(body.path("stream_options").path("include_usage").asBoolean()).isTrue();
        JsonNode tool = body.path("tools").path(0);
        assertThat(tool.path("type").asString()).isEqualTo("function");
        assertThat(tool.path("function").path("name").asString()).isEqualTo("get_weather");
        assertThat(tool.path("function").path("description").asString()).isEqualTo("Weather in a city");
        assertThat(tool.path("function").path("parameters")).isEqualTo(schema());
        assertThat(body.path("tool_choice").asString()).isEqualTo("auto");
        assertThat(body.path("temperature").asDouble()).isEqualTo(0.2);
        assertThat(body.path("max_tokens").asInt()).isEqualTo(500);
    }

    @Test
    void anthropicMessages() {
        ProviderServer.Received sent = send(new AnthropicProvider(), "/v1", "anthropic", "stream-text.sse");
        JsonNode body = sent.body();

        assertThat(sent.path()).isEqualTo("/v1/messages");
        assertThat(sent.header("x-api-key")).isEqualTo("test-key");
        assertThat(sent.header("anthropic-version")).isEqualTo("2023-06-01");
        assertThat(sent.header("Authorization")).isNull();
        assertThat(body.path("system").asString()).isEqualTo("You are terse.");
        assertThat(body.path("max_tokens").asInt()).isEqualTo(500);
        JsonNode messages = body.path("messages");
        assertThat(messages).hasSize(3);
        assertThat(messages.path(0).toString()).isEqualTo(
                "{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"Weather in Paris and Rome?\"}]}");
        JsonNode assistant = messages.path(1);
        assertThat(assistant.path("role").asString()).isEqualTo("assistant");
        assertThat(assistant.path("content").toString()).isEqualTo("["
                + "{\"type\":\"thinking\",\"thinking\":\"Two cities, two calls.\",\"signature\":\"sig-1\"},"
                + "{\"type\":\"text\",\"text\":\"Checking both.\"},"
                + "{\"type\":\"tool_use\",\"id\":\"call_1\",\"name\":\"get_weather\",\"input\":{\"city\":\"Paris\"}},"
                + "{\"type\":\"tool_use\",\"id\":\"call_2\",\"name\":\"get_weather\",\"input\":{\"city\":\"Rome\"}}]");
        // Tool results and the follow-up share one user turn: roles must alternate.
        assertThat(messages.path(2).toString()).isEqualTo("{\"role\":\"user\",\"content\":["
                + "{\"type\":\"tool_result\",\"tool_use_id\":\"call_1\",\"content\":\"18 C, sunny\"},"
                + "{\"type\":\"tool_result\",\"tool_use_id\":\"call_2\",\"content\":\"Error (timeout): too slow\","
                + "\"is_error\":true},"
                + "{\"type\":\"text\",\"text\":\"Thanks. And Berlin?\"}]}");
        JsonNode tool = body.path("tools").path(0);
        assertThat(tool.path("name").asString()).isEqualTo("get_weather");
        assertThat(tool.path("description").asString()).isEqualTo("Weather in a city");
        assertThat(tool.path("input_schema")).isEqualTo(schema());
        assertThat(body.path("tool_choice").toString()).isEqualTo("{\"type\":\"auto\"}");
        assertThat(body.path("temperature").asDouble()).isEqualTo(0.2);
        assertThat(body.path("stream").asBoolean()).isTrue();
    }

    @Test
    void gemini() {
        ProviderServer.Received sent = send(new GeminiProvider(), "/v1beta", "gemini", "stream-text.sse");
        JsonNode body = sent.body();

        assertThat(sent.request().getUrl().encodedPath()).isEqualTo("/v1beta/models/test-model:streamGenerateContent");
        assertThat(sent.request().getUrl().query()).isEqualTo("alt=sse");
        assertThat(sent.header("x-goog-api-key")).isEqualTo("test-key");
        assertThat(sent.request().getUrl().toString()).doesNotContain("test-key");
        assertThat(body.path("systemInstruction").toString())
                .isEqualTo("{\"role\":\"user\",\"parts\":[{\"text\":\"You are terse.\"}]}");
        JsonNode contents = body.path("contents");
        assertThat(contents).hasSize(3);
        assertThat(contents.path(0).toString())
                .isEqualTo("{\"role\":\"user\",\"parts\":[{\"text\":\"Weather in Paris and Rome?\"}]}");
        assertThat(contents.path(1).toString()).isEqualTo("{\"role\":\"model\",\"parts\":["
                + "{\"text\":\"Checking both.\"},"
                + "{\"functionCall\":{\"name\":\"get_weather\",\"args\":{\"city\":\"Paris\"}}},"
                + "{\"functionCall\":{\"name\":\"get_weather\",\"args\":{\"city\":\"Rome\"}},"
                + "\"thoughtSignature\":\"gsig-2\"}]}");
        assertThat(contents.path(2).toString()).isEqualTo("{\"role\":\"user\",\"parts\":["
                + "{\"functionResponse\":{\"name\":\"get_weather\",\"response\":{\"result\":\"18 C, sunny\"}}},"
                + "{\"functionResponse\":{\"name\":\"get_weather\",\"response\":"
                + "{\"error\":\"Error (timeout): too slow\"}}},"
                + "{\"text\":\"Thanks. And Berlin?\"}]}");
        JsonNode declaration = body.path("tools").path(0).path("functionDeclarations").path(0);
        assertThat(declaration.path("name").asString()).isEqualTo("get_weather");
        assertThat(declaration.path("parameters_json_schema")).isEqualTo(schema());
        assertThat(body.path("toolConfig").toString()).isEqualTo("{\"functionCallingConfig\":{\"mode\":\"AUTO\"}}");
        assertThat(body.path("generationConfig").toString()).isEqualTo("{\"temperature\":0.2,\"maxOutputTokens\":500}");
    }

    @Test
    void ollamaNative() {
        ProviderServer.Received sent = send(new OllamaProvider(), "/", "ollama", "chat-stream-text.ndjson");
        JsonNode body = sent.body();

        assertThat(sent.path()).isEqualTo("/api/chat");
        JsonNode messages = body.path("messages");
        assertThat(messages).hasSize(6);
        assertThat(messages.path(0).toString()).isEqualTo("{\"role\":\"system\",\"content\":\"You are terse.\"}");
        assertThat(messages.path(2).toString()).isEqualTo("{\"role\":\"assistant\",\"content\":\"Checking both.\","
                + "\"thinking\":\"Two cities, two calls.\",\"tool_calls\":["
                + "{\"function\":{\"name\":\"get_weather\",\"arguments\":{\"city\":\"Paris\"}}},"
                + "{\"function\":{\"name\":\"get_weather\",\"arguments\":{\"city\":\"Rome\"}}}]}");
        assertThat(messages.path(3).toString()).isEqualTo(
                "{\"role\":\"tool\",\"tool_name\":\"get_weather\",\"content\":\"18 C, sunny\"}");
        assertThat(messages.path(4).path("content").asString()).isEqualTo("Error (timeout): too slow");
        assertThat(messages.path(5).path("content").asString()).isEqualTo("Thanks. And Berlin?");
        assertThat(body.path("stream").asBoolean()).isTrue();
        assertThat(body.path("tools").path(0).path("function").path("parameters")).isEqualTo(schema());
        assertThat(body.path("options").toString()).isEqualTo("{\"temperature\":0.2,\"num_predict\":500}");
    }

    @Test
    void openAiResponses() {
        ProviderServer.Received sent = send(new ResponsesProvider(), "/v1", "openai-responses", "stream-text.sse");
        JsonNode body = sent.body();

        assertThat(sent.path()).isEqualTo("/v1/responses");
        assertThat(sent.header("Authorization")).isEqualTo("Bearer test-key");
        assertThat(body.path("instructions").asString()).isEqualTo("You are terse.");
        JsonNode input = body.path("input");
        assertThat(input).hasSize(8);
        assertThat(input.path(0).toString()).isEqualTo("{\"role\":\"user\",\"content\":\"Weather in Paris and Rome?\"}");
        // Signed reasoning is, to this API, a reasoning item with its encrypted content, sent back in its place.
        assertThat(input.path(1).toString()).isEqualTo("{\"type\":\"reasoning\",\"summary\":[{\"type\":\"summary_text\","
                + "\"text\":\"Two cities, two calls.\"}],\"encrypted_content\":\"sig-1\"}");
        assertThat(input.path(2).toString()).isEqualTo("{\"type\":\"message\",\"role\":\"assistant\",\"content\":"
                + "[{\"type\":\"output_text\",\"text\":\"Checking both.\"}]}");
        assertThat(input.path(3).toString()).isEqualTo("{\"type\":\"function_call\",\"call_id\":\"call_1\","
                + "\"name\":\"get_weather\",\"arguments\":\"{\\\"city\\\":\\\"Paris\\\"}\"}");
        assertThat(input.path(4).path("call_id").asString()).isEqualTo("call_2");
        assertThat(input.path(5).toString()).isEqualTo(
                "{\"type\":\"function_call_output\",\"call_id\":\"call_1\",\"output\":\"18 C, sunny\"}");
        assertThat(input.path(6).path("call_id").asString()).isEqualTo("call_2");
        assertThat(input.path(7).path("content").asString()).isEqualTo("Thanks. And Berlin?");
        JsonNode tool = body.path("tools").path(0);
        assertThat(tool.path("type").asString()).isEqualTo("function");
        assertThat(tool.path("name").asString()).isEqualTo("get_weather");
        assertThat(tool.path("parameters")).isEqualTo(schema());
        assertThat(body.path("tool_choice").asString()).isEqualTo("auto");
        assertThat(body.path("max_output_tokens").asInt()).isEqualTo(500);
        assertThat(body.path("store").asBoolean(true)).isFalse();
        assertThat(body.path("stream").asBoolean()).isTrue();
    }
}
