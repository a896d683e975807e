package io.agentloop.tools.shell;

import io.agentloop.api.permission.Access;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code python}: runs Python code with the workspace's {@code python3} (the first on the PATH the
 * workspace gives its commands), in the workspace root and inside the same command sandbox as
 * {@code bash}, with the same timeout, output cap and masking (see {@link SandboxRun}). The code is
 * passed as {@code python3 -c}, so it reads no input. A launcher that finds no {@code python3}
 * ({@link #interpreter}) leaves the tool out and says so once.
 */
public final class PythonTool implements Tool {
    public static final String NAME = "python";
    private static final String INTERPRETER = "python3";

    private static final ToolSpec SPEC = ToolSpec.builder(NAME)
            .description("Run Python 3 code in the workspace root and get its exit code and output (stdout and "
                    + "stderr together: print what you want to see). There is no input and no network. Prefer read, "
                    + "grep and edit for files.")
            .stringParameter("code", "the Python code to run", true)
            .integerParameter("timeout_ms", "stop the code after this many milliseconds (default 15000, at most "
                    + "600000)", false)
            .build();

    @Override
    public ToolSpec spec() {
        return SPEC;
    }

    /** Judged as the command that runs, so rules about {@code python3} apply to it. */
    @Override
    public List<Access> accesses(ToolArguments arguments) {
        return List.of(new Access.Command(INTERPRETER));
    }

    @Override
    public ToolResult execute(ToolArguments arguments, ToolContext context) throws IOException, InterruptedException {
        String code = arguments.requireString("code");
        long timeout = arguments.integer("timeout_ms").orElse(SandboxRun.DEFAULT_TIMEOUT_MS);
        Optional<ToolResult> invalid = SandboxRun.invalidTimeout(timeout);
        if (invalid.isPresent()) {
            return invalid.get();
        }
        return SandboxRun.run(List.of(INTERPRETER, "-c", code), "code", timeout, context);
    }

    /**
     * The {@code python3} the tool would run with {@code environment} (a workspace's
     * {@link io.agentloop.api.tool.Workspace#childEnvironment()}): the first executable one on its
     * {@code PATH}; empty when there is none.
     */
    public static Optional<Path> interpreter(Map<String, String> environment) {
        String path = environment.getOrDefault("PATH", "");
        for (String folder : path.split(File.pathSeparator)) {
            if (folder.isBlank()) {
                continue;
            }
            Path candidate = Path.of(folder, INTERPRETER);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }
}
