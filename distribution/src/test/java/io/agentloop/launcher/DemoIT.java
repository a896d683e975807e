package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.launcher.InstalledLauncher.Outcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The offline demo of the built installation: the tiny bundled model through the whole loop, in
 * {@code run} and {@code chat}, saying plainly what it can do, and no provider asked.
 */
class DemoIT extends InstallationFixture {
    @Test
    void theDemoAlsoChats() throws Exception {
        Path input = Files.writeString(work.resolve("input.txt"), "Count the words of: the cat sat\nexit\n");
        List<String> command = List.of(installation.resolve("bin/agentloop").toString(), "chat", "--demo");
        ProcessBuilder builder = new ProcessBuilder(command).directory(work.toFile()).redirectInput(input.toFile())
                .redirectOutput(work.resolve("out.txt").toFile()).redirectError(work.resolve("err.txt").toFile());
        environment(builder.environment());
        Process chat = builder.start();

        assertThat(chat.waitFor(60, TimeUnit.SECONDS)).as("chat ends at 'exit'").isTrue();
        String out = Files.readString(work.resolve("out.txt"));
        assertThat(chat.exitValue()).as(Files.readString(work.resolve("err.txt"))).isZero();
        assertThat(out).contains("Offline demo: stories260K").contains("[tool] word_count")
                .contains("-- COMPLETED ANSWERED");
        assertThat(server.getRequestCount()).as("no provider server is asked").isZero();
    }

    @Test
    void theOfflineDemoRunsTheTinyModelThroughTheWholeLoopAndExits() throws Exception {
        Outcome run = agentloop("run", "--demo", "--json");

        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(server.getRequestCount()).as("no provider server is asked").isZero();
        JsonMapper json = JsonMapper.builder().build();
        List<JsonNode> events = run.out().lines().map(json::readTree).toList();
        List<String> sequence = new ArrayList<>();
        for (JsonNode event : events) {
            String type = event.path("type").asString();
            boolean shown = List.of("text_delta", "tool_call_started", "tool_call_completed", "run_completed")
                    .contains(type);
            if (shown && (sequence.isEmpty() || !sequence.getLast().equals(type))) {
                sequence.add(type);
            }
        }
        // a streamed model turn, the tool call, its result, the streamed answer
        assertThat(sequence).containsExactly("text_delta", "tool_call_started", "tool_call_completed", "text_delta",
                "run_completed");
        assertThat(events).filteredOn(e -> e.path("type").asString().equals("tool_call_completed"))
                .singleElement().satisfies(e -> {
                    assertThat(e.path("name").asString()).isEqualTo("word_count");
                    assertThat(e.path("ok").asBoolean()).isTrue();
                    assertThat(e.path("content").asString()).containsPattern("^\\d+$");
                });
        JsonNode last = events.getLast();
        assertThat(last.path("state").asString()).isEqualTo("COMPLETED");
        assertThat(last.path("reason").asString()).isEqualTo("ANSWERED");
        assertThat(last.path("text").asString()).isNotBlank();
    }

    @Test
    void theDemoSaysPlainlyWhatTheTinyModelCanDo() throws Exception {
        Outcome run = agentloop("run", "--demo");

        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.out()).contains("only writes children's stories").contains("Real work needs a real model")
                .contains("[tool] word_count").contains("-- COMPLETED ANSWERED in 2 iterations, 1 tool call(s)");
    }
}
