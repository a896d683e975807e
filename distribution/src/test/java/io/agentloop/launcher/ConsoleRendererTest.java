package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.tool.ToolResult;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

class ConsoleRendererTest {
    private static final String CLEAR = "\u001b[2J";

    @Test
    void escapeSequencesFromOutsideAreShownNotObeyedInThePlainView() {
        StringWriter text = new StringWriter();
        ConsoleRenderer view = new ConsoleRenderer(new PrintWriter(text), UnaryOperator.identity());

        view.onEvent(new AgentEvent.TextDelta("The answer" + CLEAR + "\n"));
        view.onEvent(new AgentEvent.ToolCallStarted("1", "bash", "{\"command\":\"printf '" + CLEAR + "'\"}"));
        view.onEvent(new AgentEvent.ToolCallCompleted("1", "bash", true, Duration.ofMillis(3),
                ToolResult.success("out" + CLEAR + "\u001b]52;c;cHduZWQ=\u0007")));
        view.onEvent(new AgentEvent.Retrying(1, Duration.ofSeconds(1), "HTTP 503: \u001b[31mbusy\u001b[0m"));
        view.line("step " + CLEAR + "two");

        assertThat(text.toString()).doesNotContain("\u001b").doesNotContain("\u0007")
                .contains("The answer^[[2J\n", "out^[[2J^[]52;c;cHduZWQ=\\x07", "HTTP 503: ^[[31mbusy^[[0m",
                        "step ^[[2Jtwo");
    }

    @Test
    void aToolsOutputIsShownAsItComesBetweenItsCallAndItsResultMaskedAndPrintable() {
        StringWriter text = new StringWriter();
        ConsoleRenderer view = new ConsoleRenderer(new PrintWriter(text), s -> s.replace("sk-secret", "[redacted]"));

        view.onEvent(new AgentEvent.TextDelta("Running it"));
        view.onEvent(new AgentEvent.ToolCallStarted("1", "bash", "{\"command\":\"make\"}"));
        view.onEvent(new AgentEvent.ToolOutputDelta("1", "bash", "compiling sk-secret\n"));
        view.onEvent(new AgentEvent.ToolOutputDelta("1", "bash", "linking" + CLEAR + "\ndone\n"));
        view.onEvent(new AgentEvent.ToolCallCompleted("1", "bash", true, Duration.ofMillis(3),
                ToolResult.success("exit code 0")));

        assertThat(text.toString()).isEqualTo("Running it\n  [tool] bash {\"command\":\"make\"}\n"
                + "  | compiling [redacted]\n  | linking^[[2J\n  | done\n  [tool] bash ok -> exit code 0 (3.0 ms)\n");
    }
}
