package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.testkit.VisibleTempDir;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
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

    private InProcessLauncher launcher;

    @BeforeEach
    void setUp() throws IOException {
        launcher = InProcessLauncher.start(home, "gpt-test");
        launcher.userConfig("workspace:\n  root: " + home + "\n");
    }

    @AfterEach
    void tearDown() {
        launcher.close();
    }

    @Test
    void aCommandsLinesArePrintedAsToolOutputDeltasBetweenItsStartAndItsResult() {
        String key = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8";
        launcher.server().enqueue(FakeOpenAi.toolCall("call_1", "bash", "{\"command\":\"echo first; echo token " + key
                + "\"}"));
        launcher.server().enqueue(FakeOpenAi.answer("Done."));

        int exit = launcher.run("run", "--yes", "--json", "Run it");

        assertThat(exit).as(launcher.err()).isZero();
        assertThat(launcher.out()).doesNotContain(key.substring(4, 20));
        JsonMapper json = JsonMapper.builder().build();
        List<JsonNode> events = launcher.out().lines().map(json::readTree).toList();
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
