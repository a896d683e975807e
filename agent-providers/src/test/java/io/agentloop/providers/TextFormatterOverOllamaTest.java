package io.agentloop.providers;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.hook.PreReasoningHook;
import io.agentloop.api.model.ToolChoice;
import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.RunResult;
import io.agentloop.core.Agent;
import io.agentloop.core.format.TextFormatter;
import io.agentloop.providers.ollama.OllamaProvider;
import io.agentloop.testkit.FakeTool;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A model served by Ollama that has no tool calling (it answers a request with tools with the
 * recorded "does not support tools" error) uses tools through the {@code text} formatter: the
 * requests carry no tools, a required call is held to the call schema with Ollama's
 * {@code format}, and the call the model writes runs.
 */
class TextFormatterOverOllamaTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private final ProviderServer server = new ProviderServer();
    private final Deque<String> answers = new ArrayDeque<>();
    private final List<JsonNode> bodies = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final FakeTool weather = FakeTool.named("get_weather").readOnly().stringParameter("city", true)
            .returning(args -> "rain in " + args.requireString("city"));

    TextFormatterOverOllamaTest() {
        server.server.setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                JsonNode body = JSON.readTree(request.getBody().utf8());
                bodies.add(body);
                if (body.has("tools")) {
                    return Fixtures.response("ollama", "error-400-model-does-not-support-tools.json", 400);
                }
                String answer = answers.poll();
                return new MockResponse.Builder().addHeader("Content-Type", "application/x-ndjson")
                        .body(answer == null ? "{\"error\":\"no answer scripted\"}" : answer).build();
            }
        });
    }

    @AfterEach
    void stop() {
        server.close();
    }

    /** Ollama's stream of {@code text} in two pieces, then the final line. */
    private static String streamOf(String text) {
        int half = text.length() / 2;
        StringBuilder lines = new StringBuilder();
        for (String piece : List.of(text.substring(0, half), text.substring(half))) {
            lines.append(JSON.writeValueAsString(Map.of("model", "gemma3:1b", "done", false,
                    "message", Map.of("role", "assistant", "content", piece)))).append('\n');
        }
        lines.append("{\"model\":\"gemma3:1b\",\"message\":{\"role\":\"assistant\",\"content\":\"\"},\"done\":true,"
                + "\"done_reason\":\"stop\",\"prompt_eval_count\":40,\"eval_count\":12}\n");
        return lines.toString();
    }

    private Agent.Builder agent() {
        return Agent.builder().model(server.model(new OllamaProvider(), "gemma3:1b", "/", Map.of("stream", "true")))
                .tools(weather);
    }

    @Test
    void nativelyTheModelRefusesTools() {
        RunResult result = agent().build().run("Weather in Oslo?");

        assertThat(result.state()).isEqualTo(AgentState.FAILED);
        assertThat(result.error()).get().asString().contains("does not support tools");
    }

    @Test
    void throughTheTextFormatterItCallsTheToolAndAnswers() {
        answers.add(streamOf("{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\"}}"));
        answers.add(streamOf("It rains in Oslo."));
        PreReasoningHook callFirst = (request, context) -> context.iteration() == 1
                ? request.withOptions(request.options().withToolChoice(ToolChoice.REQUIRED)) : request;

        RunResult result = agent().formatter(new TextFormatter()).hooks(callFirst).build().run("Weather in Oslo?");

        assertThat(result.state()).as("error: %s", result.error()).isEqualTo(AgentState.COMPLETED);
        assertThat(result.text()).isEqualTo("It rains in Oslo.");
        assertThat(weather.calls()).singleElement().satisfies(a -> assertThat(a.requireString("city")).isEqualTo("Oslo"));
        assertThat(bodies).hasSize(2).allSatisfy(body -> assertThat(body.has("tools")).isFalse());
        JsonNode first = bodies.getFirst();
        assertThat(first.at("/messages/0/role").asString()).isEqualTo("system");
        assertThat(first.at("/messages/0/content").asString()).contains("- get_weather: a fake tool for tests");
        assertThat(first.at("/format/properties/name/const").asString()).isEqualTo("get_weather");
        assertThat(first.at("/format/properties/arguments/required/0").asString()).isEqualTo("city");
        JsonNode second = bodies.get(1);
        assertThat(second.has("format")).as("no call required the second time").isFalse();
        JsonNode messages = second.get("messages");
        assertThat(messages.get(messages.size() - 2).get("content").asString())
                .isEqualTo("{\"name\": \"get_weather\", \"arguments\": {\"city\":\"Oslo\"}}");
        assertThat(messages.get(messages.size() - 1).get("role").asString()).isEqualTo("user");
        assertThat(messages.get(messages.size() - 1).get("content").asString())
                .isEqualTo("Result of get_weather:\nrain in Oslo");
    }
}
