package io.agentloop.tools.shell;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.tool.CommandSandbox;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.core.workspace.SandboxWorkspace;
import io.agentloop.testkit.TestToolContext;
import io.agentloop.testkit.VisibleTempDir;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The python tool in the real command sandbox (bubblewrap), with a secret in the environment and one in the home. */
class PythonToolTest {
    @TempDir(factory = VisibleTempDir.class)
    Path folder;
    Path root;
    Path home;
    TestToolContext context;
    final PythonTool python = new PythonTool();

    @BeforeEach
    void setUp() throws Exception {
        root = Files.createDirectories(folder.resolve("workspace"));
        home = Files.createDirectories(folder.resolve("home"));
        Files.writeString(Files.createDirectories(home.resolve(".aws")).resolve("credentials"), "home-secret-4711");
        SandboxWorkspace workspace = SandboxWorkspace.builder(root)
                .environment(Map.of("PATH", System.getenv("PATH"), "HOME", home.toString(), "PLAIN_SETTING", "visible",
                        "MY_SERVICE_TOKEN", "tok-123-secret"))
                .environmentAllowlist(Set.of("PLAIN_SETTING")).build();
        assertThat(workspace.sandbox().containment()).as("bubblewrap must be installed: apt-get install bubblewrap")
                .isEqualTo(CommandSandbox.Containment.CONTAINED);
        context = new TestToolContext(workspace);
    }

    private ToolResult run(String code) throws Exception {
        return python.execute(ToolArguments.of(Map.of("code", code)), context);
    }

    @Test
    void runsTheCodeInTheWorkspaceAndReportsTheExitCode() throws Exception {
        ToolResult ok = run("import os\nprint(os.getcwd())\nprint(6 * 7)");
        assertThat(ok.isError()).isFalse();
        assertThat(ok.content()).isEqualTo("exit code 0\n" + root.toRealPath() + "\n42\n");

        ToolResult failed = run("import sys\nprint('nope')\nsys.exit(3)");
        assertThat(failed.content()).isEqualTo("exit code 3\nnope\n");
    }

    @Test
    void theCodeSeesNoSecretOfTheEnvironmentOrTheHome() throws Exception {
        String code = """
                import os
                print(dict(os.environ))
                for path in [os.path.expanduser('~/.aws/credentials'), %s, '/proc/1/environ']:
                    try:
                        print(open(path, 'rb').read())
                    except OSError as e:
                        print('refused', type(e).__name__)
                print('done')
                """.formatted("'" + home.resolve(".aws/credentials") + "'");
        ToolResult result = run(code);

        assertThat(result.content()).startsWith("exit code 0\n").contains("PLAIN_SETTING").endsWith("done\n")
                .doesNotContain("tok-123-secret").doesNotContain("MY_SERVICE_TOKEN").doesNotContain("home-secret-4711");
    }

    @Test
    void aTimeoutStopsTheCode() throws Exception {
        ToolResult result = python.execute(ToolArguments.of(Map.of("code", "print('started', flush=True)\n"
                + "import time\nwhile True: time.sleep(1)", "timeout_ms", 1500L)), context);

        assertThat(result.isError()).isTrue();
        assertThat(result.content()).startsWith("Error (timeout): the code did not finish within 1500 ms")
                .contains("started");
    }

    @Test
    void theInterpreterIsFoundOnThePathOnly() throws Exception {
        Path bin = Files.createDirectories(folder.resolve("bin"));
        Path fake = Files.writeString(bin.resolve("python3"), "#!/bin/sh\n");
        fake.toFile().setExecutable(true);

        assertThat(PythonTool.interpreter(Map.of("PATH", folder + ":" + bin))).contains(fake);
        assertThat(PythonTool.interpreter(Map.of("PATH", folder.toString()))).isEmpty();
        assertThat(PythonTool.interpreter(Map.of())).isEmpty();
    }
}
