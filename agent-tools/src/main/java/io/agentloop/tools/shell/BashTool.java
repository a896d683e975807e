package io.agentloop.tools.shell;

import io.agentloop.api.permission.Access;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

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
 * output is shown to whoever watches the run as it is printed ({@link LiveLines}, through
 * {@link SandboxRun}).
 */
public final class BashTool implements Tool {
    static final int OUTPUT_CAP = SandboxRun.OUTPUT_CAP;

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
        long timeout = arguments.integer("timeout_ms").orElse(SandboxRun.DEFAULT_TIMEOUT_MS);
        Optional<ToolResult> invalid = SandboxRun.invalidTimeout(timeout);
        if (invalid.isPresent()) {
            return invalid.get();
        }
        return SandboxRun.run(List.of(shell, "-c", command), "command", timeout, context);
    }
}
