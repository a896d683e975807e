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

/** {@code run --json} prints a command's output as {@code tool_output_delta} lines while it runs, masked. */
class ToolOutputJsonTest {
    @TempDir(factory = VisibleTempDir.class)
    Path home;

    private final MockWebServer server = new MockWebServer();
    private final Map<String, String> env = new HashMap<>();
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void setUp() throws IOException {
        server.start(0);
        Files.createDirectories(home.resolve("conf"));
        env.put("AGENTLOOP_CONFIG", home.resolve("user.yaml").toString());
        env.put("AGENTLOOP_SESSIONS", home.resolve("sessions").toString());
        env.put("AGENTLOOP_PROVIDER", "openai");
        env.put("AGENTLOOP_MODEL", "gpt-test");
        Files.writeString(home.resolve("user.yaml"), "workspace:\n  root: " + home + "\n");
        Files.writeString(home.resolve("conf/agentloop.yaml"), "providers:\n  openai:\n    base-url: "
                + server.url("/v1") + "\n    api-key: sk-test-key-123456\n");
    }

    @AfterEach
    void tearDown() {
        server.close();
    }

    @Test
    void aCommandsLinesArePrintedAsToolOutputDeltasBetweenItsStartAndItsResult() {
        String key = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8";
        server.enqueue(FakeOpenAi.toolCall("call_1", "bash", "{\"command\":\"echo first; echo token " + key
                + "\"}"));
        server.enqueue(FakeOpenAi.answer("Done."));

        int exit = Launcher.run(new String[] {"run", "--yes", "--json", "Run it"}, home, env::get,
                new PrintWriter(out), new PrintWriter(err));

        assertThat(exit).as(err.toString()).isZero();
        assertThat(out.toString()).doesNotContain(key.substring(4, 20));
        JsonMapper json = JsonMapper.builder().build();
        List<JsonNode> events = out.toString().lines().map(json::readTree).toList();
        List<String> types = events.stream().map(e -> e.path("type").asString()).toList();
        List<JsonNode> deltas = events.stream().filter(e -> e.path("type").asString().equals("tool_output_delta"))
                .toList();
        assertThat(deltas).isNotEmpty().allSatisfy(delta -> {
            assertThat(delta.path("id").asString()).isEqualTo("call_1");
            assertThat(delta.path("name").asString()).isEqualTo("bash");
            assertThat(delta.path("agent").asString()).isNotEmpty();
        });
        assertThat(deltas.stream().map(d -> d.path("text").asString()).reduce("", String::concat))
                .isEqualTo("first\ntoken [REDACTED]\n");
        assertThat(types.indexOf("tool_output_delta")).isGreaterThan(types.indexOf("tool_call_started"));
        assertThat(types.lastIndexOf("tool_output_delta")).isLessThan(types.indexOf("tool_call_completed"));
    }
}
