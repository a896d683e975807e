package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.testkit.VisibleTempDir;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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

    private InProcessLauncher launcher;

    @BeforeEach
    void setUp() throws IOException {
        launcher = InProcessLauncher.start(home, "gpt-test");
    }

    @AfterEach
    void tearDown() {
        launcher.close();
    }

    private void configure(String user, String providerSettings) throws IOException {
        Path workspace = Files.createDirectories(home.resolve("workspace"));
        launcher.userConfig("workspace:\n  root: \"" + workspace + "\"\n" + user);
        launcher.providerSettings(providerSettings);
    }

    private JsonNode nextBody() throws InterruptedException {
        return JSON.readTree(launcher.server().takeRequest().getBody().utf8());
    }

    private static List<String> offered(JsonNode body) {
        return body.path("tools").valueStream().map(t -> t.path("function").path("name").asString()).toList();
    }

    @Test
    void withToolsMetaTheAgentSwitchesTheShellGroupOffAndTheNextRequestHasNoBash() throws Exception {
        configure("tools:\n  meta: true\n", "");
        launcher.server().enqueue(FakeOpenAi.toolCall("call_1", "tool_groups", "{\"disable\":[\"shell\"]}"));
        launcher.server().enqueue(FakeOpenAi.answer("Done."));

        assertThat(launcher.run("run", "Look around")).as(launcher.err()).isZero();

        assertThat(offered(nextBody())).contains("read", "bash", "python", "tool_groups");
        assertThat(offered(nextBody())).contains("read", "tool_groups").doesNotContain("bash", "python");
    }

    @Test
    void withoutToolsMetaThereIsNoMetaTool() throws Exception {
        configure("", "");
        launcher.server().enqueue(FakeOpenAi.answer("Done."));

        assertThat(launcher.run("run", "Look around")).as(launcher.err()).isZero();

        assertThat(offered(nextBody())).contains("bash").doesNotContain("tool_groups");
    }

    @Test
    void theStringFormatterChosenForAProviderSendsOneTranscript() throws Exception {
        configure("", "    formatter: string\n");
        launcher.server().enqueue(FakeOpenAi.answer("Done."));

        assertThat(launcher.run("run", "Look around")).as(launcher.err()).isZero();

        JsonNode body = nextBody();
        assertThat(body.has("tools")).isFalse();
        assertThat(body.path("messages")).hasSize(1);
        assertThat(body.at("/messages/0/content").asString()).startsWith("System:\n")
                .contains("\n\nUser:\nLook around\n\n").endsWith("Assistant:");
    }
}
