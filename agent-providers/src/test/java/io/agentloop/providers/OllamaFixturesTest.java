package io.agentloop.providers;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.message.StopReason;
import io.agentloop.api.message.Usage;
import io.agentloop.api.model.NonRetryableModelException;
import io.agentloop.api.model.StreamEvent;
import io.agentloop.providers.ollama.OllamaProvider;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Every recorded response in {@code ollama/}, replayed with its recorded status. */
class OllamaFixturesTest {
    private final ProviderServer server = new ProviderServer();
    private final FixtureReplay ollama = new FixtureReplay(server, new OllamaProvider(), "ollama", "/");

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void ndjsonStreamOfText() {
        Collected c = ollama.replay("chat-stream-text.ndjson", true);
        assertThat(c.text()).isEqualTo("Okay, here we go!\n\n1, 2, 3, 4, 5\n");
        assertThat(c.events()).filteredOn(StreamEvent.TextDelta.class::isInstance).hasSize(21);
        assertThat(c.stopReason()).isEqualTo(StopReason.END_TURN);
        assertThat(c.usage()).isEqualTo(Usage.of(16, 22));
    }

    @Test
    void ndjsonStreamOfThinkingThenText() {
        Collected c = ollama.replay("chat-stream-thinking.ndjson", true);
        assertThat(c.reasoning()).startsWith("User asks: \"Count from 1 to 5\". Simple.").hasSize(120);
        assertThat(c.events()).filteredOn(StreamEvent.ReasoningDelta.class::isInstance).hasSize(37);
        assertThat(c.text()).isEqualTo("1  \n2  \n3  \n4  \n5");
        assertThat(c.usage()).isEqualTo(Usage.of(74, 57));
    }

    @Test
    void toolCallWithObjectArgumentsAndThinking() {
        Collected c = ollama.replay("chat-tool-call-thinking.json", false);
        assertThat(c.reasoning()).isEqualTo("User asks about weather in San Francisco. Use function getWeather.");
        assertThat(c.calls()).containsExactly(new Collected.Call("call_mo1wm122", "getWeather",
                "{\"location\":\"San Francisco, CA\"}", Optional.empty()));
        assertThat(c.stopReason()).isEqualTo(StopReason.TOOL_CALLS);
        assertThat(c.usage()).isEqualTo(Usage.of(145, 44));
    }

    @Test
    void aModelWithoutToolSupportIsABadRequest() {
        assertThat(ollama.failure("error-400-model-does-not-support-tools.json", 400))
                .isInstanceOf(NonRetryableModelException.class)
                .hasMessage("Ollama: HTTP 400: registry.ollama.ai/library/gemma3:1b does not support tools");
    }
}
