package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.session.Session;
import io.agentloop.core.session.FileSessionStore;
import io.agentloop.core.session.SessionRecorder;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A real run of the launcher, in process, whose model writes a {@code Makefile} with {@code write}
 * and a {@code package.json} with a command in the sandbox: both are listed at the run's end in the
 * {@code --json} events, on stderr, in the saved session and in {@code agentloop report}. Home and
 * workspace lie under {@code /var/tmp}, where the sandbox shows them as they are.
 */
class ExecutableConfigListTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    Path folder;
    /** The installation, beside the workspace: an installation stays read-only to commands wherever it is. */
    Path installation;
    Path workspace;
    final Map<String, String> env = new HashMap<>();
    final StringWriter out = new StringWriter();
    final StringWriter err = new StringWriter();
    final MockWebServer server = new MockWebServer();

    @BeforeEach
    void setUp() throws IOException {
        folder = Files.createTempDirectory(Path.of("/var/tmp"), "agentloop-executable-config-").toRealPath();
        workspace = Files.createDirectories(folder.resolve("work space"));
        server.start(0);
        installation = Files.createDirectories(folder.resolve("installation"));
        Files.createDirectories(installation.resolve("plugins"));
        env.put("HOME", Files.createDirectories(folder.resolve("home")).toString());
        env.put("PATH", System.getenv("PATH"));
        env.put("AGENTLOOP_CONFIG", folder.resolve("user.yaml").toString());
        env.put("AGENTLOOP_SESSIONS", folder.resolve("sessions").toString());
        env.put("AGENTLOOP_PROVIDER", "openai");
        env.put("AGENTLOOP_MODEL", "gpt-test");
        Files.writeString(folder.resolve("user.yaml"), "workspace:\n  root: \"" + workspace + "\"\nrun:\n  timeout: 2m\n");
        Files.createDirectories(installation.resolve("conf"));
        Files.writeString(installation.resolve("conf/agentloop.yaml"), "providers:\n  openai:\n    base-url: "
                + server.url("/v1") + "\n    api-key: sk-test-key-123456\n");
    }

    @AfterEach
    void tearDown() throws IOException {
        server.close();
        try (Stream<Path> paths = Files.walk(folder)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    private int launcher(String... args) {
        return Launcher.run(args, installation, env::get, new PrintWriter(out), new PrintWriter(err));
    }

    /** Runs the model's two calls under --yes --json: the run's events, one object a line. */
    private List<JsonNode> run() {
        server.enqueue(FakeOpenAi.toolCalls(
                new String[] {"call_make", "write", "{\"path\":\"Makefile\",\"content\":\"all:\\n\\ttouch built\\n\"}"},
                new String[] {"call_npm", "bash", "{\"command\":\"echo '{\\\"scripts\\\":{\\\"test\\\":\\\"touch t\\\"}}'"
                        + " > package.json && echo notes > notes.txt\"}"}));
        server.enqueue(FakeOpenAi.answer("The build is set up."));
        assertThat(launcher("run", "--json", "--yes", "Set up the build")).as(err + "\n" + out).isZero();
        List<JsonNode> events = new ArrayList<>();
        out.toString().lines().filter(line -> line.startsWith("{")).forEach(line -> events.add(JSON.readTree(line)));
        return events;
    }

    private String session() throws IOException {
        try (Stream<Path> files = Files.list(folder.resolve("sessions"))) {
            String file = files.map(p -> p.getFileName().toString()).filter(name -> name.endsWith(".jsonl"))
                    .reduce((a, b) -> { throw new AssertionError("more than one session: " + a + ", " + b); })
                    .orElseThrow();
            return file.substring(0, file.length() - ".jsonl".length());
        }
    }

    @Test
    void theRunCompletedEventListsTheChangedFilesAndStderrSaysToReadThem() {
        List<JsonNode> events = run();

        JsonNode completed = events.getLast();
        assertThat(completed.path("type").asString()).isEqualTo("run_completed");
        List<String> listed = new ArrayList<>();
        completed.path("executable_config").forEach(path -> listed.add(path.asString()));
        assertThat(listed).as(out.toString()).containsExactly("Makefile", "package.json");
        assertThat(err.toString()).contains("this run changed files other programs run later, outside the sandbox; "
                + "read them before you run those programs: Makefile, package.json");
    }

    @Test
    void theSavedSessionKeepsTheListWithTheRun() throws IOException {
        run();

        Session saved = new FileSessionStore(folder.resolve("sessions")).load(session()).orElseThrow();
        assertThat(saved.checkpoints()).last().satisfies(run -> assertThat(run.checkpoint().data())
                .containsEntry(SessionRecorder.EXECUTABLE_CONFIG, "Makefile\npackage.json"));
    }

    @Test
    void theReportShowsTheListUnderTheRun() throws IOException {
        run();
        Path page = folder.resolve("report.html");

        assertThat(launcher("report", session(), "-o", page.toString())).as(err.toString()).isZero();

        assertThat(Files.readString(page)).containsPattern("<summary>Changed files other programs run</summary>"
                + "<pre[^>]*>Makefile\npackage.json</pre>");
    }
}
