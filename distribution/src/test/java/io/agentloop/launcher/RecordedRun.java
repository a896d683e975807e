package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;

/**
 * A session recorded by a real run of the launcher, in process, against a scripted OpenAI-compatible
 * endpoint: the first model call is retried once (a 503), then the model reads a file whose text is
 * markup with an event handler and a password, asks for a command the rules deny, and hands a task
 * to the sub-agent {@code researcher}, which reads a file itself and answers; the model then answers
 * with markup of its own. Four model calls (two of the sub-agent's) and four tool calls.
 */
final class RecordedRun implements AutoCloseable {
    static final String MARKUP = "<img src=x onerror=\"window.pwned=true;document.title='pwned'\">";
    static final String PASSWORD = "hunter2hunter2";
    static final String ANSWER = "Done: the page holds <b>markup</b>, and the notes say hello.";

    final Path home;
    final Path workspace;
    final Map<String, String> env = new HashMap<>();
    final StringWriter out = new StringWriter();
    final StringWriter err = new StringWriter();
    private final MockWebServer server = new MockWebServer();

    private RecordedRun(Path home, Path workspace) {
        this.home = home;
        this.workspace = workspace;
    }

    /** Sets up an installation in {@code home} (a folder of the test's) and records the run. */
    static RecordedRun in(Path home) throws IOException {
        RecordedRun run = new RecordedRun(home, Files.createDirectories(home.resolve("work space")));
        run.record();
        return run;
    }

    private void record() throws IOException {
        server.start(0);
        Files.createDirectories(home.resolve("plugins"));
        Files.writeString(workspace.resolve("page.txt"), "The page: " + MARKUP + "\npassword=" + PASSWORD + "\n");
        Files.writeString(workspace.resolve("notes.txt"), "hello\n");
        env.put("AGENTLOOP_CONFIG", home.resolve("user.yaml").toString());
        env.put("AGENTLOOP_SESSIONS", home.resolve("sessions").toString());
        env.put("AGENTLOOP_PROVIDER", "openai");
        env.put("AGENTLOOP_MODEL", "gpt-test");
        Files.writeString(home.resolve("user.yaml"), "workspace:\n  root: \"" + workspace + "\"\nrun:\n  timeout: 2m\n"
                + "  retry-delay: 10ms\npermissions:\n  deny: [\"bash\"]\npricing:\n  - \"openai/gpt-test input=2.00 "
                + "output=8.00\"\nagents:\n  researcher:\n    description: Finds facts in the files.\n"
                + "    tools: [read]\n");
        Files.createDirectories(home.resolve("conf"));
        Files.writeString(home.resolve("conf/agentloop.yaml"), "providers:\n  openai:\n    base-url: "
                + server.url("/v1") + "\n    api-key: sk-test-key-123456\n");
        server.enqueue(new MockResponse.Builder().code(503).body("{\"error\":{\"message\":\"overloaded\"}}").build());
        server.enqueue(FakeOpenAi.toolCalls(new String[] {"call_read", "read", "{\"path\":\"page.txt\"}"},
                new String[] {"call_bash", "bash", "{\"command\":\"echo hi\"}"},
                new String[] {"call_task", "task", "{\"agent\":\"researcher\",\"task\":\"What do the notes say?\"}"}));
        server.enqueue(FakeOpenAi.toolCall("call_notes", "read", "{\"path\":\"notes.txt\"}"));
        server.enqueue(FakeOpenAi.answer("The notes say hello."));
        server.enqueue(FakeOpenAi.answer(ANSWER));

        int exit = launcher("run", "Look at the page and the notes");

        assertThat(exit).as(err + "\n" + out).isZero();
        assertThat(server.getRequestCount()).as("the model calls scripted").isEqualTo(5);
    }

    int launcher(String... args) {
        return Launcher.run(args, home, env::get, new PrintWriter(out), new PrintWriter(err));
    }

    /** The id of the session the run was saved in. */
    String session() {
        return out.toString().lines().filter(l -> l.startsWith("-- session ")).reduce((a, b) -> b).orElseThrow()
                .split(" ")[2].replace(":", "");
    }

    Path sessions() {
        return home.resolve("sessions");
    }

    @Override
    public void close() {
        server.close();
    }
}
