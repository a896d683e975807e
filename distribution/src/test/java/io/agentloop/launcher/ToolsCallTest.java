package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.tool.Tool;
import io.agentloop.testkit.PluginJarBuilder;
import io.agentloop.testkit.VisibleTempDir;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code agentloop tools call NAME '{json}'}: one tool, a plugin's or a built-in, run as a run would
 * run it (the configured rules, mode, workspace and sandbox) with no model configured at all, its
 * result printed, and the exit codes of {@code run}.
 */
class ToolsCallTest {
    @TempDir(factory = VisibleTempDir.class)
    Path installation;

    @TempDir(factory = VisibleTempDir.class)
    Path workspace;

    private InProcessLauncher launcher;

    @BeforeEach
    void setUp() throws IOException {
        launcher = InProcessLauncher.start(installation, "gpt-test");
        // no provider: a tool runs without a model
        launcher.env().remove("AGENTLOOP_PROVIDER");
        launcher.env().remove("AGENTLOOP_MODEL");
        PluginJarBuilder.plugin("shout-tools").version("2.1.0").provides(Tool.class, ShoutTool.class)
                .writeTo(installation.resolve("plugins"));
        config("");
    }

    @AfterEach
    void tearDown() {
        launcher.close();
    }

    /** The user's configuration: the test's workspace, and {@code more} lines. */
    private void config(String more) throws IOException {
        launcher.userConfig("workspace:\n  root: \"" + workspace + "\"\n" + more);
    }

    @Test
    void aPluginsToolRunsWithoutAModelAndItsResultIsPrinted() {
        int exit = launcher.run("tools", "call", "shout", "{\"text\": \"hello plugin\"}");

        assertThat(exit).as(launcher.err()).isZero();
        assertThat(launcher.out()).isEqualTo("HELLO PLUGIN" + System.lineSeparator());
        assertThat(launcher.server().getRequestCount()).as("no model is asked").isZero();
    }

    @Test
    void aBuiltInToolRunsInTheConfiguredWorkspace() throws IOException {
        Files.writeString(workspace.resolve("notes.txt"), "first line\nsecond line\n");

        int exit = launcher.run("tools", "call", "read", "{\"path\": \"notes.txt\"}");

        assertThat(exit).as(launcher.err()).isZero();
        assertThat(launcher.out()).contains("first line").contains("second line");
    }

    @Test
    void aBuiltInThatWouldWriteOutsideTheWorkspaceIsRefusedAsInARun() throws IOException {
        config("permissions:\n  mode: edit\n");
        Path outside = installation.resolve("outside.txt");

        int exit = launcher.run("tools", "call", "write", "{\"path\": \"" + outside + "\", \"content\": \"x\"}");

        assertThat(exit).as(launcher.out() + launcher.err()).isEqualTo(Launcher.NO_ANSWER);
        assertThat(launcher.err()).contains("agentloop tools call write: Error (denied): denied by policy: ")
                .contains("outside the workspace " + workspace);
        assertThat(outside).doesNotExist();
    }

    @Test
    void aCommandRunsInTheSandboxAsInARun() throws IOException {
        Path escaped = installation.resolve("escaped.txt");

        int exit = launcher.run("tools", "call", "bash", "{\"command\": \"pwd; touch '" + escaped + "'\"}",
                "--mode", "auto");

        assertThat(launcher.out() + launcher.err()).as("exit %d", exit).contains(workspace.toString());
        assertThat(escaped).as("outside the workspace the sandbox lets nothing be written").doesNotExist();
    }

    @Test
    void aCallThatAsksWithNoOneToApproveIsRefusedWithTheExitCodeOfAPausedRun() throws IOException {
        int exit = launcher.run("tools", "call", "write", "{\"path\": \"new.txt\", \"content\": \"written\"}");

        assertThat(exit).as(launcher.err()).isEqualTo(Launcher.AWAITING_APPROVAL);
        assertThat(launcher.err()).contains("agentloop tools call write: Error (denied): denied: this call needs "
                + "approval and no one can approve it here").contains("no one can approve it here: run the command at "
                + "a terminal to be asked, allow it with a rule in permissions.allow");
        assertThat(workspace.resolve("new.txt")).doesNotExist();

        assertThat(launcher.run("tools", "call", "write", "{\"path\": \"new.txt\", \"content\": \"written\"}",
                "--mode", "edit")).as(launcher.err()).isZero();
        assertThat(workspace.resolve("new.txt")).hasContent("written");
    }

    @Test
    void aCallADenyRuleRefusesIsNotRunAndSaysWhy() throws IOException {
        config("permissions:\n  deny:\n    - shout\n");

        int exit = launcher.run("tools", "call", "shout", "{\"text\": \"hello\"}");

        assertThat(exit).isEqualTo(Launcher.NO_ANSWER);
        assertThat(launcher.err()).contains("agentloop tools call shout: Error (denied): denied by policy");
        assertThat(launcher.out()).doesNotContain("HELLO");
    }

    @Test
    void aBadArgumentIsNamedAsWrongUsage() {
        int exit = launcher.run("tools", "call", "shout", "{\"txt\": \"hello\"}");

        assertThat(exit).isEqualTo(Launcher.USAGE);
        assertThat(launcher.err()).contains("agentloop tools call shout: Error (invalid_arguments): ")
                .contains("required property 'text' not found").contains("property 'txt' is not defined");
    }

    @Test
    void aToolThatDoesNotExistIsNamedWithTheNearestAndACallWithoutANameShowsTheForm() {
        assertThat(launcher.run("tools", "call", "shuot", "{}")).isEqualTo(Launcher.USAGE);
        assertThat(launcher.err()).contains("agentloop tools call: there is no tool 'shuot'; did you mean 'shout'?");

        assertThat(launcher.run("tools", "call")).isEqualTo(Launcher.USAGE);
        assertThat(launcher.err()).contains("agentloop tools: to run a tool write agentloop tools call NAME");
    }
}
