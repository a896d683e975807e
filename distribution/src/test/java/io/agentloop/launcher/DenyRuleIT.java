package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.launcher.InstalledLauncher.Outcome;
import io.agentloop.testkit.VisibleTempDir;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The installed launcher under {@code --yes} with {@code deny: [bash(rm *)]}: the model removes a
 * file through programs whose own syntax runs a command (a git alias given with {@code -c},
 * {@code make -E}, a makefile from the input), and the file survives each of them.
 */
class DenyRuleIT {
    /** Under /var/tmp: the workspace and home as a user's would be. */
    @TempDir(factory = VisibleTempDir.class)
    Path work;

    private final MockWebServer server = new MockWebServer();
    private InstalledLauncher installed;

    @BeforeEach
    void setUp() throws Exception {
        server.start(0);
        installed = InstalledLauncher.copyInto(work, work.resolve("home"), server);
    }

    @AfterEach
    void tearDown() {
        server.close();
    }

    @Test
    void underADenyRuleOnRmTheFileSurvivesCommandsThatProgramsRunByTheirOwnSyntax() throws Exception {
        Path workspace = Files.createDirectories(work.resolve("project"));
        Files.writeString(workspace.resolve("v"), "keep me");
        Files.writeString(installed.userConfig(), "workspace:\n  root: " + workspace + "\npermissions:\n"
                + "  deny: [\"bash(rm *)\"]\n");
        List<String> spellings = List.of("git -c alias.x='!rm v' x", "make -f /dev/null -E 'x:; rm v' x",
                "printf 'x:\\n\\trm v\\n' | make -f - x");
        for (int i = 0; i < spellings.size(); i++) {
            server.enqueue(FakeOpenAi.toolCall("call_" + i, "bash", "{\"command\":" + json(spellings.get(i)) + "}"));
        }
        server.enqueue(FakeOpenAi.toolCall("call_ls", "bash", "{\"command\":\"ls\"}"));
        server.enqueue(FakeOpenAi.answer("Tidied."));

        Outcome run = installed.runningIn(workspace).run("run", "--yes", "Tidy up");

        assertThat(run.exit()).as(run.err() + run.out()).isZero();
        assertThat(workspace.resolve("v")).as(run.out()).exists();
        assertThat(run.out()).contains("Error (denied): denied by policy: bash: rm v").containsPattern(ToolLine.closing("bash", "ok"));
        List<String> bodies = new ArrayList<>();
        while (server.getRequestCount() > bodies.size()) {
            bodies.add(server.takeRequest().getBody().utf8());
        }
        assertThat(bodies.getLast()).as("the last command still sees the file").contains("v\\n");
    }

    private static String json(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + "\"";
    }
}
