package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.tool.Tool;
import io.agentloop.testkit.PluginJarBuilder;
import io.agentloop.testkit.VisibleTempDir;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code agentloop run} prints into a pipe: each tool call is one line however many lines its
 * result has (its arguments, the result's first line, and how many lines there are); the line about the permission
 * mode that a run no one can approve in starts with is one short line, once, however many tools
 * ask; and a structured answer sent back for not matching its schema is not printed, only the
 * answer kept.
 */
class PipeOutputTest {
    @TempDir(factory = VisibleTempDir.class)
    Path home;

    private InProcessLauncher launcher;
    private Path workspace;

    @BeforeEach
    void setUp() throws IOException {
        launcher = InProcessLauncher.start(home, "gpt-test");
        workspace = Files.createDirectories(home.resolve("work"));
        // the test's model is in no table: its window is given, so nothing else is said about it
        launcher.userConfig("workspace:\n  root: " + workspace + "\ncompaction:\n  context-windows: "
                + "[\"openai/gpt-test 128000\"]\n");
    }

    @AfterEach
    void tearDown() {
        launcher.close();
    }

    private List<String> toolLines() {
        return launcher.out().lines().filter(line -> line.startsWith("  [tool] ")).toList();
    }

    @Test
    void aMultiLineToolResultClosesItsCallOnOneLineWithItsFirstLineAndHowManyLines() throws IOException {
        Files.writeString(workspace.resolve("notes.txt"), "alpha\nbravo\ncharlie\n");
        launcher.server().enqueue(FakeOpenAi.toolCall("call_1", "read", "{\"path\":\"notes.txt\"}"));
        launcher.server().enqueue(FakeOpenAi.answer("Three words."));

        int exit = launcher.run("run", "Read the notes");

        assertThat(exit).as(launcher.err()).isZero();
        assertThat(toolLines()).as("one line for the one call: " + launcher.out()).hasSize(1);
        assertThat(toolLines().getFirst()).startsWith("  [tool] read {\"path\":\"notes.txt\"} ok -> ").contains("alpha")
                .containsPattern("\\(\\d+ lines, \\d+\\.\\d ms\\)$");
        assertThat(launcher.out()).as("the result's other lines are not printed").doesNotContain("bravo")
                .doesNotContain("charlie");
        assertThat(launcher.out().lines().filter(line -> line.matches("\\s*\\(?\\d+\\.\\d ms\\)?")).toList())
                .as("no line holds only a time").isEmpty();
    }

    @Test
    void theModeLineOfARunNoOneCanApproveInIsOneShortLineOnceHoweverManyToolsAsk() {
        PluginJarBuilder.plugin("many-tools").provides(Tool.class, CountingWriteTool.class, SpinTool.class,
                WaitTool.class, SqlTool.class).writeTo(home.resolve("plugins"));
        launcher.server().enqueue(FakeOpenAi.answer("Nothing to do."));

        int exit = launcher.run("run", "Say hello");

        assertThat(exit).as(launcher.err()).isZero();
        List<String> modeLines = launcher.err().lines().filter(line -> line.startsWith("agentloop: mode ")).toList();
        assertThat(modeLines).as(launcher.err()).hasSize(1);
        String line = modeLines.getFirst();
        assertThat(line).startsWith("agentloop: mode ask (")
                .contains("no one can approve in this run, so a call that asks pauses the run (exit code 4)")
                .containsPattern(": [a-z_]+, [a-z_]+, [a-z_]+ and \\d+ more ask\\. Choose with --mode edit\\|auto or "
                        + "--yes\\.$")
                .hasSizeLessThanOrEqualTo(240);
    }

    @Test
    void aStructuredAnswerSentBackIsNotPrintedOnlyTheAnswerKept() throws IOException {
        Files.writeString(workspace.resolve("capital.json"), "{\"type\":\"object\",\"properties\":{\"city\":"
                + "{\"type\":\"string\"}},\"required\":[\"city\"],\"additionalProperties\":false}");
        launcher.server().enqueue(FakeOpenAi.answer("{\"town\":\"Lyon\"}"));
        launcher.server().enqueue(FakeOpenAi.answer("{\"city\":", "\"Paris\"}"));

        int exit = launcher.run("run", "--output-schema", workspace.resolve("capital.json").toString(),
                "Capital of France?");

        assertThat(exit).as(launcher.err() + launcher.out()).isZero();
        assertThat(launcher.out()).as("the answer sent back").doesNotContain("Lyon");
        assertThat(launcher.out().lines().filter(line -> line.contains("Paris")).toList())
                .as("the answer kept, once, alone on the last line").containsExactly("{\"city\":\"Paris\"}");
        assertThat(launcher.out().lines().toList().getLast()).isEqualTo("{\"city\":\"Paris\"}");
        assertThat(launcher.server().getRequestCount()).as("the first answer was sent back").isEqualTo(2);
    }
}
