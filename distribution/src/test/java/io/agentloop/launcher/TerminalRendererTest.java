package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.run.CallState;
import io.agentloop.api.tool.ToolResult;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The terminal's rendering: Markdown as styles, tool lines, and no escape codes when colours are off. */
class TerminalRendererTest {
    private static final String ESC = "\u001b[";
    private static final Map<String, String> UTF8 = Map.of("LANG", "C.UTF-8");

    private static final String ANSWER = """
            # Result

            The word count is **3**, from `word_count`.

            - first
            - second
              - nested

            1. one
            2. two

            ```java
            int n = 3;
            ```

            > quoted

            | name | words |
            |------|-------|
            | a    | 3     |
            """;

    private final StringWriter text = new StringWriter();

    private TerminalRenderer renderer(Screen screen) {
        return new TerminalRenderer(screen, new PrintWriter(text), s -> s.replace("sk-secret", "[redacted]"), true);
    }

    /** A model call that streams the answer in small pieces, cut anywhere, with a tool call before it. */
    private void play(TerminalRenderer renderer) {
        renderer.onEvent(new AgentEvent.StateChanged(CallState.IDLE, CallState.CALLING, Duration.ZERO));
        renderer.onEvent(new AgentEvent.ReasoningDelta("Counting first."));
        renderer.onEvent(new AgentEvent.StateChanged(CallState.STREAMING, CallState.SUCCESS, Duration.ZERO));
        renderer.onEvent(new AgentEvent.ToolCallStarted("c1", "bash", "{\"command\":\"wc -w notes.txt sk-secret\"}"));
        renderer.onEvent(new AgentEvent.ToolCallCompleted("c1", "bash", true, Duration.ofMillis(12),
                ToolResult.success("3 notes.txt\n")));
        renderer.onEvent(new AgentEvent.StateChanged(CallState.IDLE, CallState.CALLING, Duration.ZERO));
        for (int i = 0; i < ANSWER.length(); i += 7) {
            renderer.onEvent(new AgentEvent.TextDelta(ANSWER.substring(i, Math.min(ANSWER.length(), i + 7))));
        }
        renderer.onEvent(new AgentEvent.StateChanged(CallState.STREAMING, CallState.SUCCESS, Duration.ZERO));
        renderer.close();
    }

    @Test
    void anAnswerIsRenderedAsStyledMarkdown() {
        play(renderer(Screen.of("always", false, UTF8::get, 100)));
        String out = text.toString();

        assertThat(out).contains(ESC + "1m" + ESC + "4m" + ESC + "35mResult" + ESC + "39m" + ESC + "24m" + ESC + "22m")
                .doesNotContain("# Result");
        assertThat(out).contains("The word count is " + ESC + "1m3" + ESC + "22m, from " + ESC + "36mword_count"
                + ESC + "39m.");
        assertThat(out).contains(ESC + "36m•" + ESC + "39m first").contains("  " + ESC + "36m◦" + ESC + "39m nested")
                .contains(ESC + "36m1." + ESC + "39m one").contains(ESC + "36m2." + ESC + "39m two");
        assertThat(out).contains(ESC + "2m│ java" + ESC + "22m")
                .contains(ESC + "2m│" + ESC + "22m " + ESC + "33mint n = 3;" + ESC + "39m").doesNotContain("```");
        assertThat(out).contains(ESC + "2m│" + ESC + "22m " + ESC + "3mquoted" + ESC + "23m");
        assertThat(out).contains(ESC + "1mname" + ESC + "22m" + ESC + "2m │ " + ESC + "22m" + ESC + "1mwords"
                + ESC + "22m").contains("a   " + ESC + "2m │ " + ESC + "22m3");
        assertThat(out).contains(ESC + "2m" + ESC + "3mCounting first." + ESC + "23m" + ESC + "22m");
        assertThat(out).contains(ESC + "36m●" + ESC + "39m " + ESC + "1mbash" + ESC + "22m " + ESC
                + "2mwc -w notes.txt [redacted]" + ESC + "22m")
                .contains(ESC + "2m⎿" + ESC + "22m " + ESC + "32mok" + ESC + "39m" + ESC + "2m · 12.0 ms" + ESC + "22m")
                .doesNotContain("sk-secret");
    }

    @Test
    void withoutColoursATerminalGetsTheStructureAndNoEscapeCodeAtAll() {
        play(renderer(Screen.of("auto", true, Map.of("LANG", "en_US.UTF-8", "NO_COLOR", "1")::get, 100)));
        String out = text.toString();

        assertThat(out).doesNotContain("\u001b");
        assertThat(out).contains("3 notes.txt\n\nResult\n\nThe word count").contains("• first").contains("│ int n = 3;").contains("● bash wc -w")
                .contains("⎿ ok · 12.0 ms  3 notes.txt");
    }

    @Test
    void withoutUtf8TheSymbolsAreAscii() {
        play(renderer(Screen.of("never", true, Map.of("LANG", "C")::get, 100)));
        String out = text.toString();

        assertThat(out).contains("* first").contains("| int n = 3;").contains("* bash").contains("`- ok")
                .doesNotContain("•").doesNotContain("│");
    }

    @Test
    void escapeSequencesFromTheModelAreShownNotObeyed() {
        TerminalRenderer renderer = renderer(Screen.of("always", false, UTF8::get, 100));
        renderer.onEvent(new AgentEvent.TextDelta("Hi \u001b]0;owned\u0007 there\n\n"));
        renderer.close();

        assertThat(text.toString()).contains("Hi ^[]0;owned\\x07 there").doesNotContain("\u001b]");
    }

    @Test
    void nothingIsWrittenAfterCloseAndEventsOfToolsNotRunningAreIgnored() {
        TerminalRenderer renderer = renderer(Screen.of("always", true, UTF8::get, 100));
        renderer.onEvent(new AgentEvent.ToolCallCompleted("ghost", "bash", true, Duration.ofMillis(1),
                ToolResult.success("late")));
        renderer.onEvent(new AgentEvent.ToolProgress("ghost", "bash", "still going"));
        assertThat(text.toString()).isEmpty();

        renderer.close();
        renderer.onEvent(new AgentEvent.ToolCallStarted("c9", "bash", "{}"));
        renderer.onEvent(new AgentEvent.TextDelta("after the end\n\n"));
        assertThat(text.toString()).isEmpty();
    }

    @Test
    void aRunningToolsOutputIsShownUnderItsCallUpToALimitMasked() {
        TerminalRenderer renderer = renderer(Screen.of("never", true, UTF8::get, 100));
        renderer.onEvent(new AgentEvent.ToolCallStarted("c1", "bash", "{\"command\":\"make\"}"));
        renderer.onEvent(new AgentEvent.ToolOutputDelta("c1", "bash", "token sk-secret\n"));
        StringBuilder many = new StringBuilder();
        for (int i = 2; i <= LiveToolOutput.MOST + 5; i++) {
            many.append("line ").append(i).append('\n');
        }
        renderer.onEvent(new AgentEvent.ToolOutputDelta("c1", "bash", many.toString()));
        renderer.onEvent(new AgentEvent.ToolOutputDelta("ghost", "bash", "not running\n"));
        renderer.onEvent(new AgentEvent.ToolCallCompleted("c1", "bash", true, Duration.ofMillis(12),
                ToolResult.success("exit code 0")));
        renderer.close();

        String out = text.toString();
        assertThat(out).contains("bash make\n  token [redacted]\n  line 2\n")
                .contains("  line " + LiveToolOutput.MOST + "\n  ... more output: the result has it\n")
                .doesNotContain("line " + (LiveToolOutput.MOST + 1)).doesNotContain("not running")
                .doesNotContain("sk-secret");
        assertThat(out.indexOf("more output")).isLessThan(out.indexOf("exit code 0"));
    }

    @Test
    void linesOfOtherToolsWaitWhileAPersonAnswersAnApproval() {
        PrintWriter out = new PrintWriter(text);
        TerminalRenderer renderer = new TerminalRenderer(Screen.of("never", true, UTF8::get, 100), out, s -> s, true);
        renderer.onEvent(new AgentEvent.ToolCallStarted("c1", "read", "{\"path\":\"a\"}"));
        io.agentloop.api.permission.Approver asking = renderer.asking(request -> {
            out.print("Allow? ");
            renderer.onEvent(new AgentEvent.ToolCallCompleted("c1", "read", true, Duration.ofMillis(2),
                    ToolResult.success("A")));
            out.println("y");
            return io.agentloop.api.permission.Approval.ALLOW_ONCE;
        });

        asking.approve(null);
        renderer.close();

        assertThat(text.toString()).contains("Allow? y\n  ⎿ ok · 2.0 ms  A");
    }

    @Test
    void aBlockIsShownOnceItIsWhole() {
        assertThat(BlockBoundaries.wholeBlocksEnd("A paragraph still being writ")).isZero();
        assertThat(BlockBoundaries.wholeBlocksEnd("Para one.\n\nPara two")).isEqualTo("Para one.\n\n".length());
        assertThat(BlockBoundaries.wholeBlocksEnd("## Heading\nText")).isEqualTo("## Heading\n".length());
        assertThat(BlockBoundaries.wholeBlocksEnd("```\ncode\n\nmore code\n")).as("a blank line inside a fence")
                .isZero();
        assertThat(BlockBoundaries.wholeBlocksEnd("```\ncode\n\n```\nafter")).isEqualTo("```\ncode\n\n```\n".length());
        assertThat(BlockBoundaries.wholeBlocksEnd("~~~~\n```\n~~~~\n")).isEqualTo("~~~~\n```\n~~~~\n".length());
        assertThat(BlockBoundaries.wholeBlocksEnd("- item\n\n    ```\n    a\n\n    b\n")).as("code in a list item")
                .isEqualTo("- item\n\n".length());
    }

    @Test
    void blocksStreamedInTinyPiecesAreFoundLineByLine() {
        BlockBoundaries boundaries = new BlockBoundaries();
        StringBuilder text = new StringBuilder();
        String answer = "Intro.\n\n```java\nint a;\n\nint b;\n```\nAfter.\n\n";
        java.util.List<Integer> ends = new java.util.ArrayList<>();
        for (char c : answer.toCharArray()) {
            text.append(c);
            int end = boundaries.scan(text);
            if (end > 0) {
                ends.add(end);
                text.delete(0, end);
                boundaries.consumed(end);
            }
        }
        assertThat(ends).containsExactly("Intro.\n\n".length(), "```java\nint a;\n\nint b;\n```\n".length(),
                "After.\n\n".length());
        assertThat(text).isEmpty();
    }

    @Test
    void toolArgumentsAreShortText() {
        assertThat(CallArguments.shortText("{\"command\":\"ls -la\"}")).isEqualTo("ls -la");
        assertThat(CallArguments.shortText("{\"path\":\"a.txt\",\"line\":3}")).isEqualTo("path: a.txt, line: 3");
        assertThat(CallArguments.shortText("not json")).isEqualTo("not json");
    }

    @Test
    void theColourSettingIsChecked() {
        assertThat(Screen.of("auto", false, UTF8::get, 80).rendered()).as("a pipe gets plain text").isFalse();
        assertThat(Screen.of("auto", true, Map.of("TERM", "dumb")::get, 80).colour()).isFalse();
        assertThat(Screen.of("auto", true, Map.<String, String>of()::get, 80).colour()).isTrue();
        assertThatThrownBy(() -> Screen.of("sometimes", true, UTF8::get, 80))
                .isInstanceOf(ConfigLoader.ConfigurationException.class)
                .hasMessage("output.color must be auto, always or never, not 'sometimes'");
    }
}
