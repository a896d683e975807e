package io.agentloop.providers;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.model.ModelProvider;
import io.agentloop.core.Agent;
import io.agentloop.core.output.TypeSchema;
import io.agentloop.providers.anthropic.AnthropicProvider;
import io.agentloop.providers.gemini.GeminiProvider;
import io.agentloop.providers.ollama.OllamaProvider;
import io.agentloop.providers.openai.OpenAiChatProvider;
import io.agentloop.providers.responses.ResponsesProvider;
import io.agentloop.testkit.FakeTool;
import java.util.List;
import java.util.Map;
import mockwebserver3.MockResponse;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A structured answer through each provider's own mode: the request carries the schema where the
 * API takes one (field by field), and a response in the recorded format whose answer is the JSON
 * object becomes the record. The responses are the recorded fixtures with their answer replaced.
 */
class StructuredOutputProvidersTest {
    record Capital(String country, String city, int population) {
    }

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String ANSWER = "{\"country\":\"France\",\"city\":\"Paris\",\"population\":2100000}";
    private static final Capital PARIS = new Capital("France", "Paris", 2100000);
    private static final JsonNode SCHEMA = JSON.valueToTree(TypeSchema.of(Capital.class));

    private final ProviderServer server = new ProviderServer();

    @AfterEach
    void stop() {
        server.close();
    }

    private Capital ask(ModelProvider provider, String basePath, JsonNode response, Map<String, String> settings) {
        server.enqueue(new MockResponse.Builder().addHeader("Content-Type", "application/json")
                .body(response.toString()).build());
        return Agent.builder().model(server.model(provider, "test-model", basePath, settings)).build()
                .run("The capital of France?", Capital.class);
    }

    private static ObjectNode fixture(String api, String file) {
        return (ObjectNode) JSON.readTree(Fixtures.read(api, file));
    }

    @Test
    void openAiChatSendsAStrictJsonSchemaResponseFormat() {
        ObjectNode response = fixture("openai-chat", "text.json");
        ((ObjectNode) response.at("/choices/0/message")).put("content", ANSWER);

        assertThat(ask(new OpenAiChatProvider(), "/v1", response, Map.of("stream", "false"))).isEqualTo(PARIS);

        JsonNode format = server.take().body().path("response_format");
        assertThat(format.path("type").asString()).isEqualTo("json_schema");
        assertThat(format.at("/json_schema/name").asString()).isEqualTo("answer");
        assertThat(format.at("/json_schema/strict").asBoolean()).as("every property required: strict").isTrue();
        assertThat(format.at("/json_schema/schema")).isEqualTo(SCHEMA);
    }

    @Test
    void responsesSendsTheSchemaAsTheTextFormat() {
        ObjectNode response = fixture("openai-responses", "text.json");
        ((ObjectNode) response.at("/output/0/content/0")).put("text", ANSWER);

        assertThat(ask(new ResponsesProvider(), "/v1", response, Map.of("stream", "false"))).isEqualTo(PARIS);

        JsonNode format = server.take().body().at("/text/format");
        assertThat(format.path("type").asString()).isEqualTo("json_schema");
        assertThat(format.path("name").asString()).isEqualTo("answer");
        assertThat(format.path("strict").asBoolean()).isTrue();
        assertThat(format.path("schema")).isEqualTo(SCHEMA);
    }

    @Test
    void anthropicForcesTheRespondToolAndReadsTheAnswerFromItsInput() {
        ObjectNode response = fixture("anthropic", "text.json");
        ArrayNode content = response.putArray("content");
        content.addObject().put("type", "tool_use").put("id", "toolu_01").put("name", "respond")
                .putObject("input").set("value", JSON.readTree(ANSWER));
        response.put("stop_reason", "tool_use");

        assertThat(ask(new AnthropicProvider(), "/v1", response, Map.of("stream", "false"))).isEqualTo(PARIS);

        JsonNode body = server.take().body();
        JsonNode respond = body.path("tools").get(body.path("tools").size() - 1);
        assertThat(respond.path("name").asString()).isEqualTo("respond");
        assertThat(respond.at("/input_schema/type").asString()).isEqualTo("object");
        assertThat(respond.at("/input_schema/properties/value")).isEqualTo(SCHEMA);
        assertThat(respond.at("/input_schema/required/0").asString()).isEqualTo("value");
        assertThat(body.path("tool_choice").toString()).isEqualTo("{\"type\":\"tool\",\"name\":\"respond\"}");
    }

    private void enqueue(JsonNode response) {
        server.enqueue(new MockResponse.Builder().addHeader("Content-Type", "application/json")
                .body(response.toString()).build());
    }

    @Test
    void anthropicOffersTheRespondToolBesideTheAgentsToolsAndTheAgentsToolRunsFirst() {
        ObjectNode call = fixture("anthropic", "parallel-tool-use.json");
        ArrayNode blocks = (ArrayNode) call.path("content");
        while (blocks.size() > 2) {
            blocks.remove(blocks.size() - 1); // its text and one call
        }
        ObjectNode answer = fixture("anthropic", "text.json");
        answer.putArray("content").addObject().put("type", "tool_use").put("id", "toolu_02").put("name", "respond")
                .putObject("input").set("value", JSON.readTree(ANSWER));
        answer.put("stop_reason", "tool_use");
        enqueue(call);
        enqueue(answer);
        FakeTool lookup = FakeTool.named("retrieve_entity_info").readOnly().stringParameter("name", true)
                .returning("Alice lives in Paris.");

        Capital capital = Agent.builder().model(server.model(new AnthropicProvider(), "test-model", "/v1",
                Map.of("stream", "false"))).tools(lookup).build().run("The capital Alice lives in?", Capital.class);

        assertThat(capital).isEqualTo(PARIS);
        assertThat(lookup.calls()).hasSize(1);
        JsonNode first = server.take().body();
        assertThat(first.path("tools")).extracting(t -> t.path("name").asString())
                .containsExactly("retrieve_entity_info", "respond");
        assertThat(first.path("tool_choice").toString()).as("a tool or the answer, never plain text")
                .isEqualTo("{\"type\":\"any\"}");
        JsonNode second = server.take().body();
        assertThat(second.toString()).contains("Alice lives in Paris.");
        assertThat(second.path("tool_choice").toString()).isEqualTo("{\"type\":\"any\"}");
    }

    @Test
    void geminiWithToolsOnOfferLeavesTheSchemaOutAndTheAnswerIsCheckedAfterwards() {
        ObjectNode call = fixture("gemini", "parallel-function-calls.json");
        ArrayNode parts = (ArrayNode) call.at("/candidates/0/content/parts");
        while (parts.size() > 1) {
            parts.remove(parts.size() - 1);
        }
        ObjectNode answer = fixture("gemini", "text.json");
        ((ObjectNode) answer.at("/candidates/0/content/parts/0")).put("text", ANSWER);
        enqueue(call);
        enqueue(answer);
        FakeTool topic = FakeTool.named("generate_topic").readOnly().returning("capitals");

        Capital capital = Agent.builder().model(server.model(new GeminiProvider(), "test-model", "/v1beta",
                Map.of("stream", "false"))).tools(topic).build().run("A capital?", Capital.class);

        assertThat(capital).isEqualTo(PARIS);
        assertThat(topic.calls()).hasSize(1);
        for (JsonNode body : List.of(server.take().body(), server.take().body())) {
            assertThat(body.at("/tools/0/functionDeclarations/0/name").asString()).isEqualTo("generate_topic");
            assertThat(body.path("generationConfig").has("responseJsonSchema"))
                    .as("Gemini refuses a response schema beside function calling").isFalse();
        }
    }

    @Test
    void anthropicStreamsTheAnswerOfTheRespondTool() {
        String[] halves = {"{\\\"value\\\": {\\\"country\\\":\\\"France\\\",", "\\\"city\\\":\\\"Paris\\\",\\\"population\\\":2100000}}"};
        String sse = "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"model\":\"claude-sonnet-4-6\","
                + "\"id\":\"msg_01\",\"type\":\"message\",\"role\":\"assistant\",\"content\":[],\"stop_reason\":null,"
                + "\"usage\":{\"input_tokens\":120,\"output_tokens\":1}}}\n\n"
                + "event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":"
                + "{\"type\":\"tool_use\",\"id\":\"toolu_01\",\"name\":\"respond\",\"input\":{}}}\n\n"
                + "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":"
                + "{\"type\":\"input_json_delta\",\"partial_json\":\"" + halves[0] + "\"}}\n\n"
                + "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":"
                + "{\"type\":\"input_json_delta\",\"partial_json\":\"" + halves[1] + "\"}}\n\n"
                + "event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":0}\n\n"
                + "event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"tool_use\"},"
                + "\"usage\":{\"output_tokens\":30}}\n\n"
                + "event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n";
        server.enqueue(new MockResponse.Builder().addHeader("Content-Type", "text/event-stream").body(sse).build());

        Capital capital = Agent.builder().model(server.model(new AnthropicProvider(), "test-model", "/v1", Map.of()))
                .build().run("The capital of France?", Capital.class);

        assertThat(capital).isEqualTo(PARIS);
    }

    @Test
    void geminiSendsAJsonResponseSchemaWhenNoToolsAreOffered() {
        ObjectNode response = fixture("gemini", "text.json");
        ((ObjectNode) response.at("/candidates/0/content/parts/0")).put("text", ANSWER);

        assertThat(ask(new GeminiProvider(), "/v1beta", response, Map.of("stream", "false"))).isEqualTo(PARIS);

        JsonNode generation = server.take().body().path("generationConfig");
        assertThat(generation.path("responseMimeType").asString()).isEqualTo("application/json");
        assertThat(generation.path("responseJsonSchema")).isEqualTo(SCHEMA);
    }

    @Test
    void ollamaSendsTheSchemaAsItsFormat() {
        ObjectNode response = fixture("ollama", "chat-tool-call-thinking.json");
        ObjectNode message = (ObjectNode) response.path("message");
        message.remove("tool_calls");
        message.remove("thinking");
        message.put("content", ANSWER);

        assertThat(ask(new OllamaProvider(), "/", response, Map.of("stream", "false"))).isEqualTo(PARIS);

        assertThat(server.take().body().path("format")).isEqualTo(SCHEMA);
    }
}
