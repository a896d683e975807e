package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import mockwebserver3.MockResponse;
import mockwebserver3.RecordedRequest;
import mockwebserver3.SocketEffect;
import org.junit.jupiter.api.Test;

/**
 * The installed {@code agentloop hub} in a pseudo-terminal, typed into as a person does, key after
 * key once what it shows calls for them: Ctrl-C reaches it as the terminal sends it (the line
 * discipline turns the key into SIGINT for the foreground process).
 */
class HubIT extends InstallationFixture {
    @Test
    void ctrlCDuringAnAgentsTurnStopsThatTurnAndTheHubAsksThePersonAgain() throws Exception {
        Files.writeString(installed.userConfig(), """
                agents:
                  teller:
                    description: Tells stories.
                    system: You tell stories.
                hub:
                  agents: [teller]
                """);
        server.enqueue(new MockResponse.Builder().onResponseStart(SocketEffect.Stall.INSTANCE).build());
        server.enqueue(FakeOpenAi.answer("A short one."));
        Process hub = inATerminal("hub");
        OutputStream keys = hub.getOutputStream();

        type(keys, "Tell a long story.\n");
        RecordedRequest held = server.takeRequest(Await.LIMIT.toMillis(), TimeUnit.MILLISECONDS);
        assertThat(held).as("the teller's model call, held open: " + shown()).isNotNull();
        assertThat(held.getBody().utf8()).contains("[you]: Tell a long story.");
        type(keys, "\u0003");
        Await.until("the turn to stop", () -> shown().contains("Stopped teller's turn.") || !hub.isAlive(),
                this::shown);
        assertThat(hub.isAlive()).as("Ctrl-C stops the turn, not the hub: " + shown()).isTrue();

        type(keys, "A short one, then.\n");
        Await.until("the next answer", () -> shown().contains("teller> A short one.") || !hub.isAlive(), this::shown);
        type(keys, "exit\n");
        Await.exit(hub, "the hub ends at exit");

        assertThat(hub.exitValue()).as(shown()).isZero();
        String shown = shown();
        assertThat(shown.substring(shown.indexOf("Stopped teller's turn."))).as("the person is asked again")
                .contains("you> A short one, then.").contains("teller> A short one.").contains("Bye.");
        assertThat(shown).as("no stack trace").doesNotContain("Exception").doesNotContain("\tat ");
        RecordedRequest next = server.takeRequest(Await.LIMIT.toMillis(), TimeUnit.MILLISECONDS);
        assertThat(next).isNotNull();
        assertThat(next.getBody().utf8()).contains("[you]: Tell a long story.").contains("[you]: A short one, then.");
    }

    /** Types keys into the terminal. */
    private static void type(OutputStream keys, String typed) throws IOException {
        keys.write(typed.getBytes(StandardCharsets.UTF_8));
        keys.flush();
    }

    /** What the terminal has shown so far, and what the launcher wrote on stderr. */
    private String shown() throws IOException {
        return Files.readString(work.resolve("tty.txt"), StandardCharsets.UTF_8) + "\n[stderr] "
                + Files.readString(work.resolve("err.txt"), StandardCharsets.UTF_8);
    }

    /**
     * Starts {@code agentloop command} in a pseudo-terminal ({@code script} from util-linux), its
     * screen kept in {@code tty.txt}, with SIGINT at its default as a terminal's foreground command
     * has it (a build started in the background ignores SIGINT, and its children would inherit that).
     */
    private Process inATerminal(String command) throws IOException {
        Path script = Stream.of("/usr/bin/script", "/bin/script").map(Path::of).filter(Files::isExecutable)
                .findFirst().orElseThrow(() -> new AssertionError("these tests drive the hub in a pseudo-terminal "
                        + "with 'script': install util-linux (Debian: apt-get install bsdutils)"));
        String launcher = "'" + installed.root().resolve("bin/agentloop").toString().replace("'", "'\\''") + "'";
        ProcessBuilder builder = new ProcessBuilder(script.toString(), "-qfec", "stty cols 120 rows 40; exec env "
                + "--default-signal=INT " + launcher + " " + command, "/dev/null").directory(work.toFile()).redirectOutput(work.resolve("tty.txt").toFile())
                .redirectError(work.resolve("err.txt").toFile());
        installed.environment(builder.environment());
        builder.environment().put("TERM", "xterm-256color");
        builder.environment().put("NO_COLOR", "1");
        return builder.start();
    }
}
