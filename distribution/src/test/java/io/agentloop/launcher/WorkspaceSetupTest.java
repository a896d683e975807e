package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.tool.CommandSandbox.Containment;
import io.agentloop.api.tool.SandboxedProcess;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.Workspace;
import io.agentloop.testkit.TestToolContext;
import io.agentloop.testkit.VisibleTempDir;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the launcher's set-up keeps from runs, with the real command sandbox (bubblewrap): the server's
 * token files, wherever they lie, are neither read by a file tool nor seen by a command.
 */
class WorkspaceSetupTest {
    @TempDir(factory = VisibleTempDir.class)
    Path home;
    private LauncherConfig config;
    private Path root;

    @BeforeEach
    void setUp() throws Exception {
        root = Files.createDirectories(home.resolve("work"));
        Map<String, String> env = new HashMap<>();
        env.put("AGENTLOOP_CONFIG", Files.writeString(home.resolve("user.yaml"), "{}\n").toString());
        env.put("AGENTLOOP_SESSIONS", home.resolve("sessions").toString());
        config = ConfigLoader.read(home, env::get, Map.of()).config();
    }

    @Test
    void theServersTokenFilesAreNeitherReadByToolsNorSeenByCommands() throws Exception {
        Path admin = Files.writeString(Files.createDirectories(home.resolve("secrets")).resolve("admin.token"),
                "admin-secret-token\n");
        Path alice = Files.writeString(root.resolve("alice.token"), "alice-secret-token\n");
        Files.writeString(home.resolve("secrets/notes.txt"), "plain notes\n");
        config.apply(Map.of("workspace.root", root.toString(), "server.token-file", admin.toString(),
                "server.tokens.alice.file", alice.toString(), "server.tokens.alice.role", "user"), "test");

        Workspace workspace = WorkspaceSetup.workspace(config, home);

        assertThat(workspace.sandbox().containment()).as("bubblewrap (bwrap) must be installed for this test: "
                + workspace.sandbox().description()).isEqualTo(Containment.CONTAINED);
        for (Path token : List.of(admin, alice)) {
            assertThat(read(workspace, token)).as(token.toString()).startsWith("Error (denied)")
                    .doesNotContain("secret-token");
            assertThat(bash(workspace, "cat " + token)).as(token.toString()).doesNotContain("secret-token")
                    .doesNotStartWith("exit 0");
        }
        assertThat(bash(workspace, "cat " + home.resolve("secrets/notes.txt")))
                .as("a file beside a token is no secret").isEqualTo("exit 0\nplain notes\n");
    }

    private static String read(Workspace workspace, Path file) throws Exception {
        Tool tool = ServiceLoader.load(Tool.class).stream().map(ServiceLoader.Provider::get)
                .filter(t -> t.spec().name().equals("read")).findFirst().orElseThrow();
        return tool.execute(ToolArguments.of(Map.of("path", file.toString())), new TestToolContext(workspace))
                .content();
    }

    private String bash(Workspace workspace, String command) throws Exception {
        try (SandboxedProcess process = workspace.sandbox().start(List.of("bash", "-c", command), root, Map.of())) {
            process.process().getOutputStream().close();
            String output = new String(process.process().getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(process.process().waitFor(30, TimeUnit.SECONDS)).isTrue();
            return "exit " + process.process().exitValue() + "\n" + output;
        }
    }
}
