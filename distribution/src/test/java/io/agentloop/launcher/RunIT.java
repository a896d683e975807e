package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.launcher.InstalledLauncher.Outcome;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code agentloop run} from the built installation: the answer streamed, a plugin's tool called (the
 * endpoint asks for the text-tools plugin's {@code change_case}), an output schema held to, and the
 * folders and module path the launcher runs with.
 */
class RunIT extends InstallationFixture {
    @Test
    void runStreamsTheAnswerRunsThePluginToolAndEndsWithUsage() throws Exception {
        scriptToolCallThenAnswer();

        Outcome run = agentloop("run", "Write 'hello agent world' in camel case");

        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.out()).contains("> Write 'hello agent world' in camel case")
                .contains("[tool] change_case {\"text\":\"hello agent world\",\"style\":\"camel\"}")
                .containsPattern(ToolLine.closing("change_case", "ok -> helloAgentWorld"))
                .contains("In camel case: helloAgentWorld.")
                .contains("-- COMPLETED ANSWERED in 2 iterations, 1 tool call(s)")
                .contains("tokens in 120, out 15");
        // The hook plugin saw the call too.
        assertThat(Files.readAllLines(auditLog)).singleElement().asString()
                .contains("\"tool\":\"change_case\"").contains("\"ok\":true").contains("\"result\":\"helloAgentWorld\"");
    }

    @Test
    void runWithAnOutputSchemaSendsBackAnAnswerThatDoesNotMatchAndPrintsTheObject() throws Exception {
        Files.writeString(work.resolve("capital.json"), "{\"type\":\"object\",\"properties\":{\"city\":"
                + "{\"type\":\"string\"},\"population\":{\"type\":\"integer\"}},\"required\":[\"city\","
                + "\"population\"],\"additionalProperties\":false}");
        server.enqueue(FakeOpenAi.answer("{\"city\":\"Paris\"}"));
        server.enqueue(FakeOpenAi.answer("{\"city\":\"Paris\",", "\"population\":2100000}"));

        Outcome run = agentloop("run", "--output-schema", "capital.json", "Capital of France?");

        assertThat(run.exit()).as(run.err() + run.out()).isZero();
        assertThat(run.out().lines().toList().getLast()).isEqualTo("{\"city\":\"Paris\",\"population\":2100000}");
        JsonNode first = JsonMapper.builder().build().readTree(server.takeRequest().getBody().utf8());
        assertThat(first.at("/response_format/json_schema/strict").asBoolean()).isTrue();
        assertThat(first.at("/response_format/json_schema/schema/required").toString())
                .isEqualTo("[\"city\",\"population\"]");
        JsonNode second = JsonMapper.builder().build().readTree(server.takeRequest().getBody().utf8());
        JsonNode messages = second.path("messages");
        assertThat(messages.get(messages.size() - 1).path("content").asString())
                .startsWith("Your answer does not match the required JSON Schema: ").contains("population");

        server.enqueue(FakeOpenAi.answer("{\"city\":\"Rome\",\"population\":2800000}"));
        Outcome json = agentloop("run", "--json", "--output-schema", "capital.json", "Capital of Italy?");
        assertThat(json.exit()).as(json.err()).isZero();
        JsonNode completed = JsonMapper.builder().build().readTree(json.out().lines().toList().getLast());
        assertThat(completed.path("type").asString()).isEqualTo("run_completed");
        assertThat(completed.path("output").toString()).isEqualTo("{\"city\":\"Rome\",\"population\":2800000}");

        Files.writeString(work.resolve("broken.json"), "{\"type\": \"objekt\"}");
        Outcome broken = agentloop("run", "--output-schema", "broken.json", "x");
        assertThat(broken.exit()).isEqualTo(3);
        assertThat(broken.err()).contains("--output-schema broken.json: the output schema is not valid JSON Schema");
    }

    @Test
    void theLauncherFollowsHomeForItsDefaultFolders() throws Exception {
        Path home = Files.createDirectories(elsewhere.resolve("someone"));
        extraEnv.put("HOME", home.toString());
        extraEnv.put("AGENTLOOP_SESSIONS", "");
        extraEnv.put("XDG_DATA_HOME", "");
        scriptToolCallThenAnswer();

        Outcome run = agentloop("run", "Write 'hello agent world' in camel case");

        assertThat(run.exit()).as(run.err()).isZero();
        try (Stream<Path> files = Files.list(home.resolve(".local/share/agentloop/sessions"))) {
            assertThat(files.filter(f -> f.toString().endsWith(".jsonl")).toList()).hasSize(1);
        }
    }

    @Test
    void theLauncherRunsOnTheModulePath() throws Exception {
        Outcome version = agentloop("--version");

        assertThat(version.exit()).isZero();
        assertThat(version.out()).contains("module io.agentloop.launcher on the module path");
        // on the class path every module would be one unnamed module, and the core's internals open
        assertThat(version.out()).doesNotContain("class path");
    }

    @Test
    void withoutAProviderTheUserIsToldWhatToSet() throws Exception {
        List<String> command = List.of(installation.resolve("bin/agentloop").toString(), "run", "hello");
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().keySet().removeIf(key -> key.startsWith("AGENTLOOP_") || key.startsWith("OPENAI_"));
        builder.environment().put("HOME", installed.home().toString());
        builder.environment().put("XDG_DATA_HOME", work.resolve("data").toString());
        builder.environment().put("AGENTLOOP_CONFIG", work.resolve("user.yaml").toString());
        builder.environment().put("AGENTLOOP_CLASS_CACHE", "off");
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).isEqualTo(Launcher.CONFIGURATION);
        assertThat(output).contains("no model provider is configured").contains("AGENTLOOP_PROVIDER");
    }
}
