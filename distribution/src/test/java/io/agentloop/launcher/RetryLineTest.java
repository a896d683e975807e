package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.event.AgentEvent;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A wait before a retry is shown as it starts, with its length and what the provider said, in both views. */
class RetryLineTest {
    private static final AgentEvent.Retrying RETRY = new AgentEvent.Retrying(1, Duration.ofMillis(1_000),
            "OpenAI: HTTP 429 requests: You exceeded your current quota (the provider asked to wait 3600 s, more than "
                    + "60 s: retrying sooner on the usual backoff)");

    @Test
    void thePlainViewShowsTheWaitAndTheProvidersAsk() {
        StringWriter text = new StringWriter();
        new ConsoleRenderer(new PrintWriter(text), s -> s).onEvent(RETRY);

        assertThat(text.toString()).isEqualTo("  [retry 1 in 1.0 s] " + RETRY.cause() + System.lineSeparator());
    }

    @Test
    void theTerminalViewShowsTheWaitAndTheProvidersAsk() {
        StringWriter text = new StringWriter();
        TerminalRenderer renderer = new TerminalRenderer(Screen.of("never", false, Map.of("LANG", "C.UTF-8")::get,
                200), new PrintWriter(text), s -> s, false);
        renderer.onEvent(RETRY);
        renderer.close();

        assertThat(text.toString()).contains("retry 1 in 1.0 s: " + RETRY.cause());
    }
}
