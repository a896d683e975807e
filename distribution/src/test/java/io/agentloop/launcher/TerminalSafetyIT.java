package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.launcher.InstalledLauncher.Outcome;
import java.nio.file.Files;
import java.nio.file.Path;
import mockwebserver3.MockResponse;
import org.junit.jupiter.api.Test;

/**
 * The installed launcher writes no control character it was handed from outside: a provider's
 * error text and an MCP server's last words on stderr carry a screen clear and a window title, and
 * neither reaches the terminal as such, on standard output or standard error.
 */
class TerminalSafetyIT extends InstallationFixture {
    private static final String CLEAR = "\u001b[2J";
    private static final String TITLE = "\u001b]0;owned\u0007";

    @Test
    void escapeSequencesInAProvidersErrorAndAnMcpServersStderrAreShownNotObeyed() throws Exception {
        Path script = Files.writeString(work.resolve("failing-server.mjs"),
                "process.stderr.write('cannot start " + CLEAR.replace("\u001b", "\\x1b") + TITLE.replace("\u001b",
                        "\\x1b").replace("\u0007", "\\x07") + "\\n');\nprocess.exit(1);\n");
        Files.writeString(installed.userConfig(), "mcp:\n  servers:\n    failing:\n      command: node\n"
                + "      args: [\"" + script + "\"]\n");
        server.enqueue(new MockResponse.Builder().code(400).addHeader("Content-Type", "application/json")
                .body("{\"error\":{\"message\":\"Bad request" + CLEAR.replace("\u001b", "\\u001b")
                        + TITLE.replace("\u001b", "\\u001b").replace("\u0007", "\\u0007")
                        + "\",\"type\":\"invalid_request_error\"}}")
                .build());

        Outcome run = installed.run("run", "hello");

        assertThat(run.exit()).as(run.err()).isEqualTo(Launcher.NO_ANSWER);
        assertThat(run.out()).contains("FAILED").contains("Bad request^[[2J^[]0;owned\\x07");
        assertThat(run.err()).contains("cannot start ^[[2J^[]0;owned\\x07");
        assertThat(run.out() + run.err()).doesNotContain("\u001b").doesNotContain("\u0007");
    }
}
