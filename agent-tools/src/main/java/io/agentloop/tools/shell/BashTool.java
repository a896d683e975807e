package io.agentloop.tools.shell;

import io.agentloop.api.CancellationSignal;
import io.agentloop.api.permission.Access;
import io.agentloop.api.tool.SandboxedProcess;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code bash}: runs a command line with {@code bash -c} in the workspace root, inside the
 * workspace's command sandbox (see {@link io.agentloop.api.tool.CommandSandbox}: the operating
 * system keeps it to the workspace, away from secrets and the network), with no input, a timeout,
 * and an output cap (stdout and stderr together, beginning and end kept, secrets masked before the
 * middle is cut out). When the command ends,
 * times out or the run is cancelled, everything it started is killed, background and
 * {@code setsid} children included. The exit code is in the result; a non-zero exit is a normal
 * result (it is information for the model), a timeout is a failure. What the sandbox undid of what
 * the command left behind (a git repository it made, put out of action) follows the output, one
 * {@code [sandbox]} line each, so the model can ask the user instead. While the command runs, its
 * output is shown to whoever watches the run as it is printed ({@link LiveLines}).
 */
public final class BashTool implements Tool {
    static final long DEFAULT_TIMEOUT_MS = 15_000;
    static final long MAX_TIMEOUT_MS = 600_000;
    static final int OUTPUT_CAP = 30_000;

    private static final ToolSpec SPEC = ToolSpec.builder("bash")
            .description("Run a bash command line in the workspace root and get its exit code and output (stdout and "
                    + "stderr together, long output shortened in the middle). There is no input and no terminal. "
                    + "Prefer read, grep, glob and edit for files.")
            .stringParameter("command", "the command line", true)
            .integerParameter("timeout_ms", "stop the command after this many milliseconds (default 15000, at most "
                    + "600000)", false)
            .build();

    private final String shell;

    public BashTool() {
        this("bash");
    }

    BashTool(String shell) {
        this.shell = shell;
    }

    @Override
    public ToolSpec spec() {
        return SPEC;
    }

    @Override
    public List<Access> accesses(ToolArguments arguments) {
        return List.of(new Access.Command(arguments.requireString("command")));
    }

    @Override
    public ToolResult execute(ToolArguments arguments, ToolContext context) throws IOException, InterruptedException {
        String command = arguments.requireString("command");
        long timeout = arguments.integer("timeout_ms").orElse(DEFAULT_TIMEOUT_MS);
        if (timeout < 1 || timeout > MAX_TIMEOUT_MS) {
            return ToolResult.failure(ToolResult.Failure.INVALID_ARGUMENTS, "timeout_ms must be between 1 and "
                    + MAX_TIMEOUT_MS);
        }
        try (SandboxedProcess sandboxed = context.workspace().sandbox().start(List.of(shell, "-c", command),
                context.workspace().root(), Map.of())) {
            Process process = sandboxed.process();
            process.getOutputStream().close();
            OutputCapture output = new OutputCapture(OUTPUT_CAP);
            LiveLines live = new LiveLines(context);
            Thread reader = Thread.ofVirtual().name("agentloop-bash-output").start(() -> {
                try {
                    output.drain(process.getInputStream(), live);
                } catch (IOException e) {
                    // The stream closes when the process tree is killed.
                }
            });
            boolean finished;
            try (CancellationSignal.Registration ignored = context.cancellation().onCancel(sandboxed::kill)) {
                finished = process.waitFor(timeout, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                sandboxed.kill();
                reader.join(1000);
                throw e;
            }
            // Background children of a finished command would keep the output open: they go too.
            sandboxed.kill();
            reader.join(10_000);
            String undone = undone(sandboxed.finish());
            if (!finished) {
                return ToolResult.failure(ToolResult.Failure.TIMEOUT, "the command did not finish within " + timeout
                        + " ms and was killed with its child processes. Output so far:\n"
                        + output.text(context::redact) + undone);
            }
            if (context.cancellation().isCancelled()) {
                return ToolResult.failure(ToolResult.Failure.CANCELLED, "the run was cancelled; the command was killed"
                        + undone);
            }
            return result(process.exitValue(), output.text(context::redact), output, undone);
        }
    }

    /** What the sandbox undid of what the command left behind, one line each, after the output. */
    private static String undone(List<String> notices) {
        return notices.stream().map(notice -> "\n[sandbox] " + notice).reduce("", String::concat);
    }

    private static ToolResult result(int exit, String text, OutputCapture output, String undone) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("exitCode", exit);
        data.put("outputBytes", output.total());
        data.put("truncated", output.truncated());
        return new ToolResult.Success("exit code " + exit + (text.isEmpty() ? " (no output)" : "\n" + text) + undone,
                data);
    }
}
