package io.agentloop.providers;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.model.ChatOptions;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.core.Agent;
import io.agentloop.providers.anthropic.AnthropicProvider;
import io.agentloop.providers.gemini.GeminiProvider;
import io.agentloop.providers.openai.OpenAiChatFormatter;
import io.agentloop.providers.openai.OpenAiChatProvider;
import io.agentloop.providers.responses.ResponsesProvider;
import io.agentloop.testkit.FakeTool;
import java.util.Map;
import mockwebserver3.MockResponse;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * A thinking model's reasoning goes back with the turn that called tools, as each API needs it: the
 * agent loop runs a tool round then an answer against a local server, and the second request is
 * checked for what each API needs back from its recorded (for DeepSeek, documented) stream.
 */
class ReasoningRoundTripTest {
    /**
     * DeepSeek thinking mode: {@code reasoning_content} deltas, then a tool call, written from
     * DeepSeek's documented chunk format (the fixtures hold no recording of a streamed reasoning tool call).
     */
    private static final String DEEPSEEK_REASONING_TOOL_CALL = """
            data: {"id":"d1","object":"chat.completion.chunk","created":1760000000,"model":"deepseek-reasoner","choices":[{"index":0,"delta":{"role":"assistant","content":null,"reasoning_content":""},"logprobs":null,"finish_reason":null}]}

            data: {"id":"d1","object":"chat.completion.chunk","created":1760000000,"model":"deepseek-reasoner","choices":[{"index":0,"delta":{"content":null,"reasoning_content":"The user wants the weather."},"logprobs":null,"finish_reason":null}]}

            data: {"id":"d1","object":"chat.completion.chunk","created":1760000000,"model":"deepseek-reasoner","choices":[{"index":0,"delta":{"content":null,"reasoning_content":" I should call get_weather."},"logprobs":null,"finish_reason":null}]}

            data: {"id":"d1","object":"chat.completion.chunk","created":1760000000,"model":"deepseek-reasoner","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_00_w1","type":"function","function":{"name":"get_weather","arguments":""}}]},"logprobs":null,"finish_reason":null}]}

            data: {"id":"d1","object":"chat.completion.chunk","created":1760000000,"model":"deepseek-reasoner","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\\"city\\":\\"Paris\\"}"}}]},"logprobs":null,"finish_reason":null}]}

            data: {"id":"d1","object":"chat.completion.chunk","created":1760000000,"model":"deepseek-reasoner","choices":[{"index":0,"delta":{"content":"","reasoning_content":null},"logprobs":null,"finish_reason":"tool_calls"}],"usage":{"prompt_tokens":20,"completion_tokens":30,"total_tokens":50,"completion_tokens_details":{"reasoning_tokens":12}}}

            data: [DONE]

            """;

    private final ProviderServer server = new ProviderServer();
    private final FakeTool weather = FakeTool.named("get_weather").readOnly().stringParameter("city", true)
            .returning("sunny");

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void openAiCompatibleToolCallTurnCarriesItsReasoningContentApartFromItsContent() {
        server.enqueue(new MockResponse.Builder().code(200).addHeader("Content-Type", "text/event-stream")
                        .body(DEEPSEEK_REASONING_TOOL_CALL).build())
                .enqueue(Fixtures.response("openai-chat", "stream-text-usage.sse", 200));
        Agent agent = Agent.builder()
                .model(server.model(new OpenAiChatProvider(), "deepseek-reasoner", "/v1", Map.of()))
                .tools(weather).build();

        RunResult result = agent.run("Weather in Paris?");

        assertThat(result.reason()).contains(TerminalReason.ANSWERED);
        server.take();
        JsonNode messages = server.take().body().path("messages");
        JsonNode turn = messages.path(messages.size() - 2);
        assertThat(turn.path("role").asString()).isEqualTo("assistant");
        assertThat(turn.path("tool_calls").path(0).path("id").asString()).isEqualTo("call_00_w1");
        assertThat(turn.path("reasoning_content").asString())
                .isEqualTo("The user wants the weather. I should call get_weather.");
        assertThat(turn.has("content")).as("the reasoning is not merged into the content").isFalse();
        assertThat(messages.path(messages.size() - 1).path("role").asString()).isEqualTo("tool");
    }

    @Test
    void serversThatRefuseUnknownMessageFieldsAreNotSentReasoningContent() {
        assertThat(OpenAiChatFormatter.takesReasoningContent("https://api.deepseek.com")).isTrue();
        assertThat(OpenAiChatFormatter.takesReasoningContent("https://api.moonshot.ai/v1")).isTrue();
        assertThat(OpenAiChatFormatter.takesReasoningContent("http://localhost:8000/v1")).isTrue();
        assertThat(OpenAiChatFormatter.takesReasoningContent("https://api.groq.com/openai/v1")).isFalse();
        assertThat(OpenAiChatFormatter.takesReasoningContent("https://api.cerebras.ai/v1")).isFalse();
        assertThat(OpenAiChatFormatter.takesReasoningContent("https://api.openai.com/v1")).isFalse();
    }

    @Test
    void responsesAskForEncryptedReasoningAndSendTheReasoningItemBackBeforeItsCall() {
        server.enqueue(Fixtures.response("openai-responses", "stream-reasoning-function-call-usage.sse", 200))
                .enqueue(Fixtures.response("openai-responses", "stream-text.sse", 200));
        Agent agent = Agent.builder()
                .model(server.model(new ResponsesProvider(), "gpt-5", "/v1", Map.of()))
                .tools(FakeTool.named("final_result").readOnly().returning("6666")).build();

        RunResult result = agent.run("Calculate 100 * 200 / 3");

        assertThat(result.reason()).contains(TerminalReason.ANSWERED);
        JsonNode first = server.take().body();
        JsonNode second = server.take().body();
        JsonNode recorded = tools.jackson.databind.json.JsonMapper.builder().build().readTree(
                Fixtures.read("openai-responses", "stream-reasoning-function-call-usage.request.json"));
        assertThat(first.path("store").asBoolean(true)).isFalse();
        assertThat(first.path("include")).isEqualTo(recorded.path("include"));
        assertThat(second.path("include")).isEqualTo(recorded.path("include"));
        JsonNode input = second.path("input");
        JsonNode reasoning = input.path(1);
        assertThat(reasoning.path("type").asString()).isEqualTo("reasoning");
        // The encrypted content of the item as it was done, not as it was first announced.
        assertThat(reasoning.path("encrypted_content").asString()).startsWith("gAAAAABoyXvxI6jwG5j6rvTGC7PD6JN5758K");
        assertThat(reasoning.has("id")).as("items are not stored, so no id refers to one").isFalse();
        assertThat(input.path(2).path("type").asString()).isEqualTo("function_call");
        assertThat(input.path(2).path("call_id").asString()).isEqualTo("call_CWXgs68YprAjp6t0371hiPOI");
        assertThat(input.path(3).path("type").asString()).isEqualTo("function_call_output");
    }

    @Test
    void anthropicThinkingGoesBackWithItsSignatureBeforeTheToolUse() {
        server.enqueue(Fixtures.response("anthropic", "stream-thinking-then-tool-use.sse", 200))
                .enqueue(Fixtures.response("anthropic", "stream-text.sse", 200));
        Agent agent = Agent.builder().model(server.model(new AnthropicProvider(), "claude-test", "/v1", Map.of()))
                .tools(FakeTool.named("fixed_version").readOnly().returning("1.0")).build();

        assertThat(agent.run("Which version?").reason()).contains(TerminalReason.ANSWERED);

        server.take();
        JsonNode turn = server.take().body().path("messages").path(1);
        assertThat(turn.path("role").asString()).isEqualTo("assistant");
        assertThat(turn.path("content").path(0).path("type").asString()).isEqualTo("thinking");
        assertThat(turn.path("content").path(0).path("signature").asString()).startsWith("EoQDCm0IDhgCKkCDzGs2");
        assertThat(turn.path("content").path(1).path("type").asString()).isEqualTo("tool_use");
    }

    @Test
    void geminiFunctionCallGoesBackWithItsThoughtSignature() {
        server.enqueue(Fixtures.response("gemini", "stream-function-call-thought-signature.sse", 200))
                .enqueue(Fixtures.response("gemini", "stream-text.sse", 200));
        Agent agent = Agent.builder().model(server.model(new GeminiProvider(), "gemini-test", "/v1beta", Map.of()))
                .tools(FakeTool.named("get_country").readOnly().returning("Mexico")).build();

        assertThat(agent.run("Which country?").reason()).contains(TerminalReason.ANSWERED);

        server.take();
        JsonNode part = server.take().body().path("contents").path(1).path("parts").path(0);
        assertThat(part.path("functionCall").path("name").asString()).isEqualTo("get_country");
        assertThat(part.path("thoughtSignature").asString()).startsWith("EpwICpkIAXLI2nxlU6gs");
    }

    @Test
    void responsesToAModelWithoutReasoningDoNotAskForIt() {
        server.enqueue(Fixtures.response("openai-responses", "stream-text.sse", 200));
        Agent agent = Agent.builder().model(server.model(new ResponsesProvider(), "gpt-4.1", "/v1", Map.of())).build();

        agent.run("Hi");

        JsonNode sent = server.take().body();
        assertThat(sent.path("store").asBoolean(true)).isFalse();
        assertThat(sent.has("include")).as("gpt-4.1 answers HTTP 400 to encrypted reasoning").isFalse();
    }

    @Test
    void responsesToAModelOfAnyNameWithAReasoningEffortAskForIt() {
        server.enqueue(Fixtures.response("openai-responses", "stream-text.sse", 200));
        Agent agent = Agent.builder().model(server.model(new ResponsesProvider(), "my-deployment", "/v1", Map.of()))
                .chatOptions(ChatOptions.DEFAULTS.withReasoningEffort("low")).build();

        agent.run("Hi");

        JsonNode sent = server.take().body();
        assertThat(sent.path("include").toString()).isEqualTo("[\"reasoning.encrypted_content\"]");
    }
}
