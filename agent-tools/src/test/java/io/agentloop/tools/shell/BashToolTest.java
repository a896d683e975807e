package io.agentloop.tools.shell;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.tool.CommandSandbox;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.core.workspace.SandboxWorkspace;
import io.agentloop.testkit.TargetTempDir;
import io.agentloop.testkit.TestToolContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The bash tool in the command sandbox (bubblewrap: the test command installs it), and without one. */
class BashToolTest {
    @TempDir(factory = TargetTempDir.class)
    Path root;
    TestToolContext context;
    final BashTool bash = new BashTool();

    @BeforeEach
    void setUp() {
        SandboxWorkspace workspace = SandboxWorkspace.builder(root)
                .environment(Map.of("PATH", System.getenv("PATH"), "PLAIN_SETTING", "visible",
                        "MY_SERVICE_TOKEN", "tok-123-secret", "OPENAI_API_KEY", "sk-abcdefghijklmnopqrstuv"))
                .environmentAllowlist(Set.of("PLAIN_SETTING")).build();
        assertThat(workspace.sandbox().containment()).as("bubblewrap must be installed: apt-get install bubblewrap")
                .isEqualTo(CommandSandbox.Containment.CONTAINED);
        context = new TestToolContext(workspace);
    }

    private ToolResult run(String command, Long timeoutMs) throws Exception {
        return bash.execute(ToolArguments.of(timeoutMs == null ? Map.of("command", command)
                : Map.of("command", command, "timeout_ms", timeoutMs)), context);
    }

    @Test
    void runsInTheWorkspaceAndReportsTheExitCode() throws Exception {
        ToolResult ok = run("pwd; echo out; echo err >&2", null);
        assertThat(ok.isError()).isFalse();
        assertThat(ok.content()).isEqualTo("exit code 0\n" + root.toRealPath() + "\nout\nerr\n");
        assertThat(((ToolResult.Success) ok).data()).containsEntry("exitCode", 0);

        ToolResult failed = run("echo nope; exit 3", null);
        assertThat(failed.isError()).isFalse();
        assertThat(failed.content()).isEqualTo("exit code 3\nnope\n");
        assertThat(((ToolResult.Success) failed).data()).containsEntry("exitCode", 3);
    }

    @Test
    void theCommandGetsOnlyAllowedVariables() throws Exception {
        ToolResult env = run("env; cat /proc/1/environ", null);

        assertThat(env.content()).contains("PLAIN_SETTING=visible").doesNotContain("tok-123-secret")
                .doesNotContain("MY_SERVICE_TOKEN").doesNotContain("sk-abcdef");
    }

    @Test
    void aTimeoutKillsTheWholeProcessTree() throws Exception {
        String marker = marker();
        ToolResult result = run("setsid bash -c 'sleep 120; true " + marker + "' & echo started; wait", 1500L);

        assertThat(result.isError()).isTrue();
        assertThat(result.content()).startsWith("Error (timeout): the command did not finish within 1500 ms and was "
                + "killed with its child processes. Output so far:\nstarted");
        assertNoProcess(marker);
    }

    @Test
    void backgroundChildrenDoNotOutliveAFinishedCommand() throws Exception {
        String marker = marker();
        ToolResult result = run("setsid bash -c 'sleep 120; true " + marker + "' >/dev/null 2>&1 & echo done", null);

        assertThat(result.content()).isEqualTo("exit code 0\ndone\n");
        assertNoProcess(marker);
    }

    @Test
    void withoutASandboxATimeoutStillKillsTheProcessGroup() throws Exception {
        context = new TestToolContext(SandboxWorkspace.builder(root).sandboxEnabled(false)
                .environment(Map.of("PATH", System.getenv("PATH"))).build());
        ToolResult result = run("sleep 120 & echo $! > child.pid; echo started; wait", 1500L);

        assertThat(result.content()).startsWith("Error (timeout)");
        assertDead(Long.parseLong(Files.readString(root.resolve("child.pid")).strip()));
    }

    @Test
    void cancellationMidCommandKillsTheChildProcesses() throws Exception {
        String marker = marker();
        CompletableFuture<ToolResult> running = CompletableFuture.supplyAsync(() -> {
            try {
                return run("bash -c 'sleep 120; true " + marker + "' & echo started > started.txt; wait", 60_000L);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        Path pidFile = root.resolve("started.txt");
        Instant deadline = Instant.now().plusSeconds(20);
        while (!(Files.exists(pidFile) && !Files.readString(pidFile).isBlank()) && Instant.now().isBefore(deadline)) {
            Thread.onSpinWait();
        }
        context.cancel();
        ToolResult result = running.get(20, TimeUnit.SECONDS);

        assertThat(result.content()).isEqualTo("Error (cancelled): the run was cancelled; the command was killed");
        assertNoProcess(marker);
    }

    @Test
    void outputOverTheCapKeepsItsBeginningAndEnd() throws Exception {
        ToolResult result = run("echo BEGIN; head -c 100000 /dev/zero | tr '\\0' a; echo; echo END", null);

        assertThat(result.content()).startsWith("exit code 0\nBEGIN\n").endsWith("END\n")
                .contains("bytes of output left out");
        assertThat(result.content().length()).isLessThan(BashTool.OUTPUT_CAP + 200);
        assertThat(((ToolResult.Success) result).data()).containsEntry("truncated", true);
    }

    @Test
    void aBadTimeoutIsRejected() throws Exception {
        assertThat(run("true", 0L).content()).startsWith("Error (invalid_arguments): timeout_ms must be between 1");
    }

    private static String marker() {
        return "agentloop-marker-" + UUID.randomUUID();
    }

    private static void assertNoProcess(String marker) throws Exception {
        for (ProcessHandle process : processesWith(marker)) {
            process.onExit().get(10, TimeUnit.SECONDS);
        }
        assertThat(processesWith(marker)).as("processes still alive").isEmpty();
    }

    private static List<ProcessHandle> processesWith(String marker) {
        return ProcessHandle.allProcesses().filter(p -> p.info().commandLine().map(c -> c.contains(marker))
                .orElse(false)).toList();
    }

    private static void assertDead(long pid) throws Exception {
        var handle = ProcessHandle.of(pid);
        if (handle.isPresent()) {
            handle.get().onExit().get(10, TimeUnit.SECONDS);
        }
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).as("process " + pid).isFalse();
    }
}
