package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.launcher.InstalledLauncher.Outcome;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What the built installation prints: in a pseudo-terminal a status line, Markdown in colour and styled
 * tool lines (none of it with {@code NO_COLOR}), a hub's conversation; into a pipe the plain text; with
 * {@code --json} one event per line.
 */
class TerminalOutputIT extends InstallationFixture {
    /** An answer in Markdown, streamed in pieces that cut through its blocks. */
    private static final String[] MARKDOWN_ANSWER = {"# Pl", "an\n\nCount with **care** and `wc`.\n",
        "\n- one\n- two\n\n```sh\nwc -w notes", ".txt\n```\n"};

    /**
     * Runs {@code agentloop chat} in a pseudo-terminal ({@code script} from util-linux) with these
     * lines typed, and returns what the terminal showed.
     */
    private String chatInATerminal(String typed, Map<String, String> variables) throws Exception {
        return inATerminal("chat", typed, variables);
    }

    /** Runs {@code agentloop command} in a pseudo-terminal with these lines typed; what the terminal showed. */
    private String inATerminal(String command, String typed, Map<String, String> variables) throws Exception {
        Path script = Stream.of("/usr/bin/script", "/bin/script").map(Path::of).filter(Files::isExecutable)
                .findFirst().orElseThrow(() -> new AssertionError("these tests drive chat in a pseudo-terminal with "
                        + "'script': install util-linux (Debian: apt-get install bsdutils)"));
        String launcher = "'" + installation.resolve("bin/agentloop").toString().replace("'", "'\\''") + "'";
        ProcessBuilder builder = new ProcessBuilder(script.toString(), "-qfec", launcher + " " + command, "/dev/null")
                .directory(work.toFile()).redirectOutput(work.resolve("tty.txt").toFile())
                .redirectError(work.resolve("err.txt").toFile());
        environment(builder.environment());
        builder.environment().putAll(variables);
        Process process = builder.start();
        // typed ahead: the terminal keeps the lines until chat reads them; input stays open until the end
        process.getOutputStream().write(typed.getBytes(StandardCharsets.UTF_8));
        process.getOutputStream().flush();
        boolean exited = process.waitFor(60, TimeUnit.SECONDS);
        if (!exited) {
            process.destroyForcibly();
        }
        process.getOutputStream().close();
        String shown = Files.readString(work.resolve("tty.txt"), StandardCharsets.UTF_8);
        assertThat(exited).as(command + " ends at 'exit': " + shown + Files.readString(work.resolve("err.txt"))).isTrue();
        return shown;
    }

    @Test
    void chatInATerminalShowsAStatusLineRendersMarkdownInColourAndStylesToolLines() throws Exception {
        server.enqueue(FakeOpenAi.toolCall("call_1", "change_case", "{\"text\":\"hello agent world\",\"style\":\"camel\"}")
                .newBuilder().headersDelay(1500, TimeUnit.MILLISECONDS).build());
        server.enqueue(FakeOpenAi.answer(MARKDOWN_ANSWER));
        String esc = "\u001b[";

        String shown = chatInATerminal("count it\nexit\n", Map.of("TERM", "xterm-256color", "LANG", "C.UTF-8"));

        assertThat(shown).as("the status line while the model thinks, erased after")
                .containsPattern("[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]" + "\\Q" + esc + "39m thinking" + esc + "2m · \\E\\d+\\.\\d+s · 0 tokens")
                .contains("\r" + esc + "2K");
        assertThat(shown).as("the tool line and its outcome")
                .contains(esc + "36m●" + esc + "39m " + esc + "1mchange_case" + esc + "22m " + esc
                        + "2mtext: hello agent world, style: camel" + esc + "22m")
                .contains(esc + "32mok" + esc + "39m").contains("helloAgentWorld");
        assertThat(shown).as("the answer as Markdown")
                .contains(esc + "1m" + esc + "4m" + esc + "35mPlan" + esc + "39m" + esc + "24m" + esc + "22m")
                .contains("Count with " + esc + "1mcare" + esc + "22m and " + esc + "36mwc" + esc + "39m.")
                .contains(esc + "36m•" + esc + "39m one")
                .contains(esc + "2m│ sh" + esc + "22m")
                .contains(esc + "2m│" + esc + "22m " + esc + "33mwc -w notes.txt" + esc + "39m")
                .doesNotContain("# Plan").doesNotContain("```").doesNotContain("**care**");
    }

    @Test
    void aHubOfTwoConfiguredAgentsAndThePersonHearEachOtherUntilOneLeaves() throws Exception {
        Files.writeString(installed.userConfig(), """
                agents:
                  alpha:
                    description: Argues for the change.
                    system: You are alpha.
                  beta:
                    description: Argues against it.
                    system: You are beta.
                hub:
                  agents: [alpha, beta]
                  user: ada
                """);
        server.enqueue(FakeOpenAi.answer("Rewrite the parser."));
        server.enqueue(FakeOpenAi.answer("Too risky before the release."));
        server.enqueue(FakeOpenAi.answer("After the release, then."));
        server.enqueue(FakeOpenAi.answer("Beta again.")); // for beta, were it still asked after it left

        String shown = inATerminal("hub", "Should we rewrite the parser?\n/leave beta\nAnd now?\nexit\n",
                Map.of("TERM", "xterm-256color", "LANG", "C.UTF-8", "NO_COLOR", "1"));

        assertThat(shown).contains("A conversation of alpha, beta and ada.").contains("alpha> Rewrite the parser.")
                .contains("beta> Too risky before the release.").contains("beta has left the conversation.")
                .contains("alpha> After the release, then.").contains("Bye.").doesNotContain("Beta again.");
        List<String> requests = new ArrayList<>();
        for (int i = 0; i < server.getRequestCount(); i++) {
            requests.add(server.takeRequest().getBody().utf8());
        }
        assertThat(requests).as("alpha, beta, then alpha alone").hasSize(3);
        assertThat(requests.get(1)).as("beta hears the person and alpha").contains("You are beta.")
                .contains("[ada]: Should we rewrite the parser?").contains("[alpha]: Rewrite the parser.");
        assertThat(requests.get(2)).as("alpha hears beta and the person").contains("You are alpha.")
                .contains("[beta]: Too risky before the release.").contains("[ada]: And now?");
        assertThat(requests).as("beta, gone, is asked nothing more and told nothing more")
                .filteredOn(body -> body.contains("You are beta.")).singleElement().asString()
                .doesNotContain("And now?");
    }

    @Test
    void withNoColorATerminalGetsNoColourCodesAndAPipeGetsThePlainText() throws Exception {
        server.enqueue(FakeOpenAi.answer(MARKDOWN_ANSWER));
        String shown = chatInATerminal("plan it\nexit\n", Map.of("TERM", "xterm-256color", "LANG", "C.UTF-8",
                "NO_COLOR", "1"));

        assertThat(shown).contains("Plan").contains("• one").contains("│ wc -w notes.txt");
        assertThat(shown).as("no colour or style code").doesNotContainPattern("\\u001b\\[[0-9;]*m");

        server.enqueue(FakeOpenAi.answer(MARKDOWN_ANSWER));
        Path input = Files.writeString(work.resolve("input.txt"), "plan it\nexit\n");
        ProcessBuilder builder = new ProcessBuilder(installation.resolve("bin/agentloop").toString(), "chat")
                .directory(work.toFile()).redirectInput(input.toFile())
                .redirectOutput(work.resolve("out.txt").toFile()).redirectError(work.resolve("err.txt").toFile());
        environment(builder.environment());
        builder.environment().put("TERM", "xterm-256color");
        Process piped = builder.start();
        assertThat(piped.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String out = Files.readString(work.resolve("out.txt"), StandardCharsets.UTF_8);
        assertThat(out).as("the answer exactly as the model wrote it")
                .contains("# Plan\n\nCount with **care** and `wc`.\n\n- one\n- two\n\n```sh\nwc -w notes.txt\n```\n")
                .doesNotContain("\u001b");
    }

    @Test
    void jsonOutputIsOneEventPerLine() throws Exception {
        scriptToolCallThenAnswer();

        Outcome run = agentloop("run", "--json", "Camel case please");

        assertThat(run.exit()).as(run.err()).isZero();
        JsonMapper json = JsonMapper.builder().build();
        List<JsonNode> events = run.out().lines().map(json::readTree).toList();
        assertThat(events.get(0).path("type").asString()).isEqualTo("session");
        assertThat(events.get(1).path("type").asString()).isEqualTo("run_started");
        assertThat(events).filteredOn(e -> e.path("type").asString().equals("tool_call_completed"))
                .singleElement().satisfies(e -> {
                    assertThat(e.path("name").asString()).isEqualTo("change_case");
                    assertThat(e.path("content").asString()).isEqualTo("helloAgentWorld");
                });
        JsonNode last = events.get(events.size() - 1);
        assertThat(last.path("type").asString()).isEqualTo("run_completed");
        assertThat(last.path("reason").asString()).isEqualTo("ANSWERED");
        assertThat(last.path("text").asString()).isEqualTo("In camel case: helloAgentWorld.");
    }
}
