package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class LauncherTest {

    @Test
    void theExampleRunCallsTheToolAndAnswersWithItsResult() {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        int exit = Launcher.run(new String[] {"Count", "\"one two three\"", "please"},
                new PrintStream(buffer, true, StandardCharsets.UTF_8));
        String output = buffer.toString(StandardCharsets.UTF_8);

        assertThat(exit).isZero();
        assertThat(output)
                .contains("> Count \"one two three\" please")
                .contains("[tool] word_count {\"text\":\"one two three\"}")
                .contains("[tool] word_count ok -> 3")
                .contains("The text has 3 words.")
                .contains("-- COMPLETED ANSWERED in 2 iterations, 1 tool call(s)");
    }

    @Test
    void withoutATaskItRunsTheDefaultExample() {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        int exit = Launcher.run(new String[0], new PrintStream(buffer, true, StandardCharsets.UTF_8));

        assertThat(exit).isZero();
        assertThat(buffer.toString(StandardCharsets.UTF_8)).contains("The text has 9 words.");
    }
}
