package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A model whose context window nobody knows: the run says once which window compaction assumes. */
class UnknownContextWindowTest {
    @TempDir
    Path home;

    private final MockWebServer server = new MockWebServer();
    private final Map<String, String> env = new HashMap<>();
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void setUp() throws IOException {
        server.start(0);
        Files.createDirectories(home.resolve("plugins"));
        Files.createDirectories(home.resolve("conf"));
        env.put("AGENTLOOP_CONFIG", home.resolve("user.yaml").toString());
        env.put("AGENTLOOP_SESSIONS", home.resolve("sessions").toString());
        env.put("AGENTLOOP_PROVIDER", "openai");
        // a dated snapshot of a model the table knows
        env.put("AGENTLOOP_MODEL", "gpt-4-0613");
        Files.writeString(home.resolve("conf/agentloop.yaml"), "providers:\n  openai:\n    base-url: "
                + server.url("/v1") + "\n    api-key: sk-test-key-123456\n");
    }

    @AfterEach
    void tearDown() {
        server.close();
    }

    private int run(String... args) {
        return Launcher.run(args, home, env::get, new PrintWriter(out), new PrintWriter(err));
    }

    @Test
    void anUnknownModelsRunNamesTheWindowAssumedAndAConfiguredWindowSilencesIt() throws Exception {
        env.put("AGENTLOOP_MODEL", "in-house-7b");
        Files.writeString(home.resolve("user.yaml"), "{}\n");
        server.enqueue(FakeOpenAi.answer("Hi."));

        assertThat(run("run", "hello")).as(err.toString()).isZero();
        assertThat(err.toString()).containsOnlyOnce("the context window of openai/in-house-7b is not known: "
                + "compaction assumes 128000 tokens and starts at 102400; set its window with "
                + "compaction.context-windows: [\"openai/in-house-7b <tokens>\"]");

        err.getBuffer().setLength(0);
        Files.writeString(home.resolve("user.yaml"), "compaction:\n  context-windows:\n    - openai/in-house-7b 32768\n");
        server.enqueue(FakeOpenAi.answer("Hi."));
        assertThat(run("run", "hello")).as(err.toString()).isZero();
        assertThat(err.toString()).doesNotContain("context window");
    }

    @Test
    void aKnownModelsRunSaysNothingAboutItsWindow() throws Exception {
        Files.writeString(home.resolve("user.yaml"), "{}\n");
        server.enqueue(FakeOpenAi.answer("Hi."));

        assertThat(run("run", "hello")).as(err.toString()).isZero();
        assertThat(err.toString()).doesNotContain("context window");
    }

    @Test
    void aWindowLineThatIsNotOneIsAConfigurationError() throws Exception {
        Files.writeString(home.resolve("user.yaml"), "compaction:\n  context-windows:\n    - in-house-7b lots\n");

        assertThat(run("run", "hello")).isEqualTo(Launcher.CONFIGURATION);
        assertThat(err.toString()).contains("compaction.context-windows: cannot read 'in-house-7b lots': write it as "
                + "'provider/model tokens'");
    }
}
