package io.agentloop.providers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import io.agentloop.api.message.StopReason;
import io.agentloop.api.message.Usage;
import io.agentloop.api.model.NonRetryableModelException;
import io.agentloop.api.model.StreamEvent;
import io.agentloop.providers.anthropic.AnthropicProvider;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Every recorded response in {@code anthropic/}, replayed with its recorded status. */
class AnthropicFixturesTest {
    private static final String API = "anthropic";
    private final ProviderServer server = new ProviderServer();
    private final FixtureReplay fixtures = new FixtureReplay(server, new AnthropicProvider(), API, "/v1");

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void textNonStreaming() {
        Collected c = fixtures.replay("text.json", false);
        assertThat(c.text()).isEqualTo("Hello! As an AI language model, I don't have feelings, but I'm functioning "
                + "properly and ready to assist you. How can I help you today?");
        assertThat(c.stopReason()).isEqualTo(StopReason.END_TURN);
        assertThat(c.usage()).isEqualTo(Usage.of(13, 35));
    }

    @Test
    void maxTokensStopWithToolsOffered() {
        Collected c = fixtures.replay("text-stop-max-tokens-tools-offered.json", false);
        assertThat(c.text()).startsWith("<thinking>\nThe get_weather tool is relevant");
        assertThat(c.calls()).isEmpty();
        assertThat(c.stopReason()).isEqualTo(StopReason.MAX_TOKENS);
        assertThat(c.usage()).isEqualTo(Usage.of(611, 100));
    }

    @Test
    void parallelToolUseNonStreaming() {
        Collected c = fixtures.replay("parallel-tool-use.json", false);
        assertThat(c.text()).startsWith("I'll help you find out who is the youngest");
        assertThat(c.calls()).extracting(Collected.Call::id, Collected.Call::name, Collected.Call::arguments)
                .containsExactly(
                        tuple("toolu_0167cfEnoQaPviGdVXA95zcu", "retrieve_entity_info", "{\"name\":\"Alice\"}"),
                        tuple("toolu_01EEe2V5HD1Ac4rKiUR4HD2T", "retrieve_entity_info", "{\"name\":\"Bob\"}"),
                        tuple("toolu_01XFyAjstT3966qvRynZyVPo", "retrieve_entity_info", "{\"name\":\"Charlie\"}"),
                        tuple("toolu_013mnQZbgtK2oe3Mo3XKJsx3", "retrieve_entity_info", "{\"name\":\"Daisy\"}"));
        assertThat(c.stopReason()).isEqualTo(StopReason.TOOL_CALLS);
        assertThat(c.usage()).isEqualTo(Usage.of(423, 202));
    }

    @Test
    void thinkingAndToolUseNonStreamingKeepTheSignature() {
        Collected c = fixtures.replay("thinking-and-tool-use.json", false);
        assertThat(c.reasoning()).startsWith("The user is asking about the largest city in \"the user country\".");
        assertThat(c.signatures()).singleElement().satisfies(s -> assertThat(s).startsWith("EqEECkYICxgC").hasSize(736));
        assertThat(c.text()).startsWith("I'll help you find the largest city in your country.");
        assertThat(c.calls()).containsExactly(new Collected.Call("toolu_01YGzqpRE16Vricda3Aqcejo", "get_user_country",
                "{}", Optional.empty()));
        assertThat(c.stopReason()).isEqualTo(StopReason.TOOL_CALLS);
        assertThat(c.usage()).isEqualTo(Usage.of(398, 155));
    }

    @Test
    void streamText() {
        Collected c = fixtures.replay("stream-text.sse", true);
        assertThat(c.text()).isEqualTo("1\n2\n3\n4\n5");
        assertThat(c.stopReason()).isEqualTo(StopReason.END_TURN);
        assertThat(c.usage()).isEqualTo(Usage.of(15, 13));
    }

    @Test
    void streamTextAfterAToolResult() {
        Collected c = fixtures.replay("stream-text-after-tool-result.sse", true);
        assertThat(c.text()).startsWith("Here are two great names for your pet pelican:\n\n1. **Charles**");
        assertThat(c.usage()).isEqualTo(Usage.of(678, 82));
    }

    @Test
    void streamParallelToolUseWithEmptyInputs() {
        Collected c = fixtures.replay("stream-parallel-tool-use.sse", true);
        assertThat(c.calls()).extracting(Collected.Call::id, Collected.Call::name, Collected.Call::arguments)
                .containsExactly(tuple("toolu_01LtHJmixrs9NcWQkK8hu8hj", "pelican_name_generator", ""),
                        tuple("toolu_01N8a4jWyf116qKTMqKKmjyt", "pelican_name_generator", ""));
        assertThat(c.stopReason()).isEqualTo(StopReason.TOOL_CALLS);
        assertThat(c.usage()).isEqualTo(Usage.of(542, 62));
    }

    @Test
    void streamToolInputOverInputJsonDeltasAfterAServerTool() {
        Collected c = fixtures.replay("stream-tool-use-input-json-delta.sse", true);
        assertThat(c.text()).startsWith("Let me search for a tool that can provide current exchange rate")
                .contains("I found the right tool!");
        // The server-side tool search is Anthropic's; only the client tool reaches the loop.
        assertThat(c.calls()).containsExactly(new Collected.Call("toolu_01EFn5wTNBYA8Reni8rbmnHT", "get_exchange_rate",
                "{\"from_currency\": \"USD\", \"to_currency\": \"EUR\"}", Optional.empty()));
        // Nine recorded input_json_delta events; the first is empty and carries nothing.
        assertThat(c.events()).filteredOn(StreamEvent.ToolCallArgumentsDelta.class::isInstance).hasSize(8);
        assertThat(c.stopReason()).isEqualTo(StopReason.TOOL_CALLS);
        // message_delta's usage is the cumulative total and wins over message_start's.
        assertThat(c.usage()).isEqualTo(Usage.of(1591, 175));
    }

    @Test
    void streamThinkingWithItsSignatureThenText() {
        Collected c = fixtures.replay("stream-thinking.sse", true);
        assertThat(c.reasoning()).startsWith("This is a straightforward question about pedestria").hasSize(202);
        assertThat(c.signatures()).singleElement().satisfies(s -> assertThat(s).startsWith("EvMCCkYICxgC").hasSize(504));
        assertThat(c.text()).startsWith("Here are the basic steps for safely crossing the street");
        assertThat(c.usage()).isEqualTo(Usage.of(43, 282));
    }

    @Test
    void streamRedactedThinkingKeepsTheOpaqueData() {
        Collected c = fixtures.replay("stream-redacted-thinking.sse", true);
        assertThat(c.redacted()).hasSize(2);
        assertThat(c.redacted().get(0)).startsWith("EqkECkYIBxgCKkA8AZ4n");
        assertThat(c.redacted().get(1)).startsWith("EtgBCkYIBxgCKkDQfGkw");
        assertThat(c.text()).startsWith("I notice that you've sent what appears to be some kind of test string");
        assertThat(c.usage()).isEqualTo(Usage.of(92, 189));
    }

    @Test
    void streamThinkingThenANoArgumentToolUse() {
        Collected c = fixtures.replay("stream-thinking-then-tool-use.sse", true);
        assertThat(c.reasoning()).startsWith("The user wants me to:\n1. Use the fixed_version tool").hasSize(180);
        assertThat(c.signatures()).singleElement().satisfies(s -> assertThat(s).startsWith("EoQDCm0IDhgC").hasSize(524));
        assertThat(c.calls()).containsExactly(new Collected.Call("toolu_01825dXWLSoJwCst1qTsiWdb", "fixed_version", "",
                Optional.empty()));
        assertThat(c.stopReason()).isEqualTo(StopReason.TOOL_CALLS);
        assertThat(c.usage()).isEqualTo(new Usage(598, 92, 0, 53));
    }

    @Test
    void badRequestIsNotRetryable() {
        assertThat(fixtures.failure("error-400-invalid-request.json", 400)).isInstanceOf(NonRetryableModelException.class)
                .hasMessage("Anthropic: HTTP 400 invalid_request_error: This model does not support effort level "
                        + "'xhigh'. Supported levels: high, low, max, medium.");
    }

    @Test
    void unknownModelIsNotRetryable() {
        assertThat(fixtures.failure("error-404-not-found.json", 404)).isInstanceOf(NonRetryableModelException.class)
                .hasMessage("Anthropic: HTTP 404 not_found_error: model: claude-sonet-4-5");
    }
}
