package io.agentloop.providers;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.model.ModelProvider;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.core.Agent;
import io.agentloop.core.time.ManualTimekeeper;
import io.agentloop.providers.anthropic.AnthropicProvider;
import io.agentloop.providers.gemini.GeminiProvider;
import io.agentloop.providers.ollama.OllamaProvider;
import io.agentloop.providers.openai.OpenAiChatProvider;
import io.agentloop.providers.responses.ResponsesProvider;
import io.agentloop.testkit.FakeTool;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import mockwebserver3.MockResponse;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * A context overflow after a tool round, through each provider's wire format: the provider's own
 * HTTP 400 for a conversation too long, then the loop compacts and calls once more. The retried
 * request opens (after the system prompt) with a user turn that carries the task word for word,
 * which every one of these APIs needs and which compaction used to drop.
 */
class ContextOverflowCompactionTest {
    private static final String TASK = "Use the tool, then tell me in one line what it said about Mexico City.";

    private final ProviderServer server = new ProviderServer();

    @AfterEach
    void stop() {
        server.close();
    }

    /**
     * One provider's turn with a tool call (to {@code tool}, with a string {@code parameter}, or none
     * when blank), its overflow error, its answer, and where its turns are in a body.
     */
    record Wire(String name, ModelProvider provider, String model, String basePath, Map<String, String> settings,
                MockResponse toolTurn, MockResponse overflow, MockResponse answer, String tool, String parameter,
                String turns) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Wire> wires() {
        return Stream.of(
                new Wire("openai-chat", new OpenAiChatProvider(), "gpt-4o", "/v1", Map.of(),
                        Fixtures.response("openai-chat", "stream-tool-call-args-split.sse", 200),
                        error(400, "{\"error\":{\"message\":\"This model's maximum context length is 128000 tokens. "
                                + "However, your messages resulted in 130015 tokens.\",\"type\":"
                                + "\"invalid_request_error\",\"param\":\"messages\",\"code\":\"context_length_exceeded\"}}"),
                        Fixtures.response("openai-chat", "stream-text-usage.sse", 200), "get_weather", "city", "messages"),
                new Wire("anthropic", new AnthropicProvider(), "claude-haiku-4-5-20251001", "/v1", Map.of(),
                        Fixtures.response("anthropic", "stream-parallel-tool-use.sse", 200),
                        error(400, "{\"type\":\"error\",\"error\":{\"type\":\"invalid_request_error\","
                                + "\"message\":\"prompt is too long: 208310 tokens > 200000 maximum\"}}"),
                        Fixtures.response("anthropic", "stream-text-after-tool-result.sse", 200),
                        "pelican_name_generator", "", "messages"),
                new Wire("gemini", new GeminiProvider(), "gemini-2.5-flash", "/", Map.of(),
                        Fixtures.response("gemini", "stream-function-call-thought-signature.sse", 200),
                        error(400, "{\"error\":{\"code\":400,\"message\":\"The input token count (1250000) exceeds "
                                + "the maximum number of tokens allowed (1048576).\",\"status\":\"INVALID_ARGUMENT\"}}"),
                        Fixtures.response("gemini", "stream-text.sse", 200), "get_country", "", "contents"),
                new Wire("openai-responses", new ResponsesProvider(), "gpt-4.1-mini", "/v1", Map.of(),
                        Fixtures.response("openai-responses", "stream-function-call.sse", 200),
                        error(400, "{\"error\":{\"message\":\"Your input exceeds the context window of this model. "
                                + "Please adjust your input and try again.\",\"type\":\"invalid_request_error\","
                                + "\"param\":\"input\",\"code\":\"context_length_exceeded\"}}"),
                        Fixtures.response("openai-responses", "stream-text.sse", 200), "get_capital", "country", "input"),
                new Wire("ollama", new OllamaProvider(), "gpt-oss:120b", "/", Map.of("stream", "false"),
                        Fixtures.response("ollama", "chat-tool-call-thinking.json", 200),
                        error(400, "{\"error\":\"the input length exceeds the context length\"}"),
                        new MockResponse.Builder().code(200).addHeader("Content-Type", "application/json")
                                .body("{\"model\":\"gpt-oss:120b\",\"message\":{\"role\":\"assistant\",\"content\":"
                                        + "\"Sunny.\"},\"done\":true,\"done_reason\":\"stop\"}").build(),
                        "getWeather", "location", "messages"));
    }

    private static MockResponse error(int status, String body) {
        return new MockResponse.Builder().code(status).addHeader("Content-Type", "application/json").body(body).build();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("wires")
    void theRetriedRequestOpensWithTheTaskWordForWord(Wire wire) {
        server.enqueue(wire.toolTurn()).enqueue(wire.overflow()).enqueue(wire.answer());
        FakeTool.Builder named = FakeTool.named(wire.tool()).readOnly();
        FakeTool tool = (wire.parameter().isBlank() ? named : named.stringParameter(wire.parameter(), true))
                .returning("sunny, 24 degrees");
        Agent agent = Agent.builder().model(server.model(wire.provider(), wire.model(), wire.basePath(),
                        wire.settings()))
                .systemPrompt("Answer briefly.").tools(tool).timekeeper(new ManualTimekeeper()).random(() -> 0.5)
                .build();

        RunResult result = agent.run(TASK);

        assertThat(result.reason()).as(String.valueOf(result.error())).contains(TerminalReason.ANSWERED);
        List<JsonNode> sent = List.of(server.take().body(), server.take().body(), server.take().body());
        JsonNode first = firstTurn(sent.get(2).path(wire.turns()));
        assertThat(first.path("role").asString("")).isEqualTo("user");
        assertThat(text(first)).isEqualTo(TASK);
        // the tool round is still there, after the task
        assertThat(sent.get(2).path(wire.turns()).toString()).contains("sunny, 24 degrees");
    }

    /** The first turn that is not a system prompt (OpenAI-style formats send it as a message). */
    private static JsonNode firstTurn(JsonNode turns) {
        for (JsonNode turn : turns) {
            String role = turn.path("role").asString("");
            if (!role.equals("system") && !role.equals("developer")) {
                return turn;
            }
        }
        throw new AssertionError("no turn but the system prompt in " + turns);
    }

    /** The text of a turn: a string content, or its text parts joined. */
    private static String text(JsonNode turn) {
        JsonNode content = turn.has("content") ? turn.path("content") : turn.path("parts");
        if (content.isString()) {
            return content.asString();
        }
        StringBuilder text = new StringBuilder();
        for (JsonNode part : content) {
            text.append(part.path("text").asString(""));
        }
        return text.toString();
    }
}
