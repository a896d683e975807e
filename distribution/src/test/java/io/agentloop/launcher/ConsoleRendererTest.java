package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.tool.ToolResult;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
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

        assertThat(text.toString()).isEqualTo("Running it\n"
                + "  | compiling [redacted]\n  | linking^[[2J\n  | done\n"
                + "  [tool] bash {\"command\":\"make\"} ok -> exit code 0 (3.0 ms)\n");
    }

    @Test
    void callsThatRunSideBySideAreEachOneLineWithTheirOwnArgumentsAndALongArgumentIsCut() {
        StringWriter text = new StringWriter();
        ConsoleRenderer view = new ConsoleRenderer(new PrintWriter(text), UnaryOperator.identity());
        String content = "x".repeat(5_000);

        view.onEvent(new AgentEvent.ToolCallStarted("a", "read", "{\n  \"path\": \"a.txt\"\n}"));
        view.onEvent(new AgentEvent.ToolCallStarted("b", "write", "{\"path\":\"b.txt\",\"content\":\"" + content + "\"}"));
        view.onEvent(new AgentEvent.ToolCallCompleted("b", "write", true, Duration.ofMillis(2),
                ToolResult.success("wrote b.txt")));
        view.onEvent(new AgentEvent.ToolCallCompleted("a", "read", false, Duration.ofMillis(1),
                ToolResult.failure("not_found", "no such file\nlook elsewhere")));

        List<String> lines = text.toString().lines().toList();
        assertThat(lines).hasSize(2);
        assertThat(lines.getFirst()).startsWith("  [tool] write {\"path\":\"b.txt\",\"content\":\"xxx")
                .endsWith("... ok -> wrote b.txt (2.0 ms)").hasSizeLessThan(ConsoleRenderer.FIRST_LINE + 60);
        assertThat(lines.getLast()).startsWith("  [tool] read { \"path\": \"a.txt\" } failed -> ")
                .contains("no such file").endsWith(" (2 lines, 1.0 ms)");
    }
}
