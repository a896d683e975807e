package io.agentloop.tools.shell;

import io.agentloop.api.CancellationSignal;
import io.agentloop.api.tool.SandboxedProcess;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * One process run the way {@code bash} and {@code python} run theirs: in the workspace root,
 * inside the workspace's command sandbox, with no input, a timeout and an output cap (stdout and
 * stderr together, secrets masked before the middle is cut out). When the process ends, times out
 * or the run is cancelled, everything it started is killed. A non-zero exit is a normal result
 * (information for the model); a timeout is a failure. What the sandbox undid of what the process
 * left behind follows the output, one {@code [sandbox]} line each, so the model can ask the user.
 */
final class SandboxRun {
    static final long DEFAULT_TIMEOUT_MS = 15_000;
    static final long MAX_TIMEOUT_MS = 600_000;
    static final int OUTPUT_CAP = 30_000;

    private SandboxRun() {
    }

    /** The failure for a {@code timeout_ms} out of range, or none. */
    static Optional<ToolResult> invalidTimeout(long timeout) {
        return timeout < 1 || timeout > MAX_TIMEOUT_MS
                ? Optional.of(ToolResult.failure(ToolResult.Failure.INVALID_ARGUMENTS,
                        "timeout_ms must be between 1 and " + MAX_TIMEOUT_MS))
                : Optional.empty();
    }

    /** Runs {@code command} (what it is called in messages: {@code what}) and reports its exit code and output. */
    static ToolResult run(List<String> command, String what, long timeout, ToolContext context)
            throws IOException, InterruptedException {
        try (SandboxedProcess sandboxed = context.workspace().sandbox().start(command, context.workspace().root(),
                Map.of())) {
            Process process = sandboxed.process();
            process.getOutputStream().close();
            OutputCapture output = new OutputCapture(OUTPUT_CAP);
            LiveLines live = new LiveLines(context);
            Thread reader = Thread.ofVirtual().name("agentloop-sandbox-output").start(() -> {
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
            // Background children of a finished process would keep the output open: they go too.
            sandboxed.kill();
            reader.join(10_000);
            String undone = undone(sandboxed.finish());
            if (!finished) {
                return ToolResult.failure(ToolResult.Failure.TIMEOUT, "the " + what + " did not finish within "
                        + timeout + " ms and was killed with its child processes. Output so far:\n"
                        + output.text(context::redact) + undone);
            }
            if (context.cancellation().isCancelled()) {
                return ToolResult.failure(ToolResult.Failure.CANCELLED, "the run was cancelled; the " + what
                        + " was killed" + undone);
            }
            return result(process.exitValue(), output.text(context::redact), output, undone);
        }
    }

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
