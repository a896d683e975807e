package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CountDownLatch;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Ctrl-C pressed in a real terminal while {@code agentloop chat} streams an answer: the answer stops,
 * the chat goes on, nothing but the chat's own lines reach the screen (no stack trace from the
 * thread that handles the signal), and the stopped turn counts the tokens it took. The fake model
 * sends the start of its answer and then holds the rest until the test ends.
 */
class ChatCtrlCIT extends InstallationFixture {
    private static final Pattern TOKENS = Pattern.compile("CANCELLED in .*tokens in (\\d+), out (\\d+)");

    private final CountDownLatch release = new CountDownLatch(1);

    /** Before the fixture closes the endpoint: the held answer ends. */
    @AfterEach
    void releaseTheHeldAnswer() {
        release.countDown();
    }

    @Test
    void ctrlCDuringAStreamedAnswerStopsItWithoutAStackTraceAndCountsItsTokens() throws Exception {
        server.enqueue(FakeOpenAi.answerHeldAfter(release, "Once upon a time, a fox found a map.\n\n",
                "It led to the river.\n\n"));
        try (PseudoTerminal terminal = PseudoTerminal.start(installed, work, "chat")) {
            terminal.awaitShown("the chat's greeting", shown -> shown.contains("Chatting with gpt-test."));
            terminal.type("Tell me a long story\n");
            terminal.awaitShown("the start of the answer", shown -> shown.contains("It led to the river."));

            terminal.type(PseudoTerminal.CTRL_C);
            terminal.awaitShown("the stopped turn's summary", shown -> TOKENS.matcher(shown).find());
            terminal.type("exit\n");
            terminal.awaitExit();

            String shown = terminal.shown();
            assertThat(shown).as("the terminal after Ctrl-C").doesNotContain("Exception").doesNotContain("\tat ")
                    .doesNotContain("Unbalanced").contains("Bye.");
            Matcher tokens = TOKENS.matcher(shown);
            assertThat(tokens.find()).isTrue();
            assertThat(Long.parseLong(tokens.group(1)) + Long.parseLong(tokens.group(2)))
                    .as("the tokens of the stopped turn: " + tokens.group()).isPositive();
            assertThat(Long.parseLong(tokens.group(2))).as("the tokens of the text received: " + tokens.group())
                    .isPositive();
        }
    }
}
