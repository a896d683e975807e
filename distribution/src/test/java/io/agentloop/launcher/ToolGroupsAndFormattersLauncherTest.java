package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.testkit.VisibleTempDir;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code tools.meta} and the formatter strategies, chosen in the configuration, as the model's server sees them. */
class ToolGroupsAndFormattersLauncherTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @TempDir(factory = VisibleTempDir.class)
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
        env.put("AGENTLOOP_MODEL", "gpt-test");
    }

    @AfterEach
    void tearDown() {
        server.close();
    }

    private void configure(String user, String providerSettings) throws IOException {
        Path workspace = Files.createDirectories(home.resolve("workspace"));
        Files.writeString(home.resolve("user.yaml"), "workspace:\n  root: \"" + workspace + "\"\n" + user);
        Files.writeString(home.resolve("conf/agentloop.yaml"), "providers:\n  openai:\n    base-url: "
                + server.url("/v1") + "\n    api-key: sk-test-key-123456\n" + providerSettings);
    }

    private int run(String... args) {
        return Launcher.run(args, home, env::get, new PrintWriter(out), new PrintWriter(err));
    }

    private JsonNode nextBody() throws InterruptedException {
        return JSON.readTree(server.takeRequest().getBody().utf8());
    }

    private static List<String> offered(JsonNode body) {
        return body.path("tools").valueStream().map(t -> t.path("function").path("name").asString()).toList();
    }

    @Test
    void withToolsMetaTheAgentSwitchesTheShellGroupOffAndTheNextRequestHasNoBash() throws Exception {
        configure("tools:\n  meta: true\n", "");
        server.enqueue(FakeOpenAi.toolCall("call_1", "tool_groups", "{\"disable\":[\"shell\"]}"));
        server.enqueue(FakeOpenAi.answer("Done."));

        assertThat(run("run", "Look around")).as(err.toString()).isZero();

        assertThat(offered(nextBody())).contains("read", "bash", "python", "tool_groups");
        assertThat(offered(nextBody())).contains("read", "tool_groups").doesNotContain("bash", "python");
    }

    @Test
    void withoutToolsMetaThereIsNoMetaTool() throws Exception {
        configure("", "");
        server.enqueue(FakeOpenAi.answer("Done."));

        assertThat(run("run", "Look around")).as(err.toString()).isZero();

        assertThat(offered(nextBody())).contains("bash").doesNotContain("tool_groups");
    }

    @Test
    void theStringFormatterChosenForAProviderSendsOneTranscript() throws Exception {
        configure("", "    formatter: string\n");
        server.enqueue(FakeOpenAi.answer("Done."));

        assertThat(run("run", "Look around")).as(err.toString()).isZero();

        JsonNode body = nextBody();
        assertThat(body.has("tools")).isFalse();
        assertThat(body.path("messages")).hasSize(1);
        assertThat(body.at("/messages/0/content").asString()).startsWith("System:\n")
                .contains("\n\nUser:\nLook around\n\n").endsWith("Assistant:");
    }
}
