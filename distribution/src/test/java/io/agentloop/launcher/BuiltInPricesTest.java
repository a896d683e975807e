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

/** {@code run} prices a known model's tokens from the built-in table; a configured price wins. */
class BuiltInPricesTest {
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
        // a dated snapshot of a model the table knows: gpt-4 at 30 in and 60 out per million tokens
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
    void aKnownModelsRunShowsItsCostWithNoPriceConfigured() throws Exception {
        Files.writeString(home.resolve("user.yaml"), "{}\n");
        server.enqueue(FakeOpenAi.answer("Hi."));

        assertThat(run("run", "hello")).as(err.toString()).isZero();
        // 70 input tokens x 30 + 5 output x 60, per million
        assertThat(out.toString()).contains("tokens in 70, out 5, cost 0.0024");
    }

    @Test
    void aConfiguredPriceWinsOverTheBuiltInOne() throws Exception {
        Files.writeString(home.resolve("user.yaml"), "pricing:\n  - openai/gpt-4-0613 input=1000 output=2000\n");
        server.enqueue(FakeOpenAi.answer("Hi."));

        assertThat(run("run", "hello")).as(err.toString()).isZero();
        assertThat(out.toString()).contains("tokens in 70, out 5, cost 0.0800");
    }
}
