package io.agentloop.core.tool;

import io.agentloop.api.permission.Access;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.Workspace;
import io.agentloop.core.sandbox.RepositoryCheck;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * A call whose tool declares that it writes files ({@link Access.Write}: the file tools, a
 * plugin's tool) runs between two checks of the git repositories those files lie in, as every
 * command does in the sandbox: files written one by one can make a repository (or bring back one
 * put out of action) whose configuration git obeys on the host. What was undone is told after the
 * result, one {@code [sandbox]} line each, as after a command. Calls that only run commands are
 * checked by the sandbox itself; calls that declare no write are not checked.
 */
final class CheckedWrites {
    private CheckedWrites() {
    }

    /** Runs {@code call}, checked when {@code tool} declares a write with these arguments. */
    static ToolResult run(Tool tool, ToolArguments arguments, Workspace workspace, Supplier<ToolResult> call) {
        List<Path> written = written(tool, arguments, workspace);
        if (written.isEmpty()) {
            return call.get();
        }
        List<Path> folders = new ArrayList<>();
        folders.add(workspace.root());
        folders.addAll(workspace.extraDirectories());
        RepositoryCheck check;
        try {
            check = RepositoryCheck.before(written, folders);
        } catch (IOException | RuntimeException e) {
            return told(call.get(), List.of("the git repositories in the workspace could not be checked around the "
                    + "call (" + ToolDispatch.describe(e) + "): tell the user to look at their hooks and configuration "
                    + "before running git there"));
        }
        return told(call.get(), check.after());
    }

    /**
     * The paths the call declares it writes, as the workspace resolves them; none when it declares
     * none (a call whose declaration fails, or names a path the workspace refuses, was denied already).
     */
    private static List<Path> written(Tool tool, ToolArguments arguments, Workspace workspace) {
        List<Path> written = new ArrayList<>();
        try {
            for (Access access : tool.accesses(arguments)) {
                if (access instanceof Access.Write write) {
                    written.add(workspace.resolve(write.value()));
                }
            }
        } catch (RuntimeException e) {
            return List.of();
        }
        return written;
    }

    private static ToolResult told(ToolResult result, List<String> notices) {
        if (notices.isEmpty()) {
            return result;
        }
        String undone = notices.stream().map(notice -> "\n[sandbox] " + notice).reduce("", String::concat);
        return switch (result) {
            case ToolResult.Success success -> new ToolResult.Success(success.content() + undone, success.data());
            case ToolResult.Failure failure -> new ToolResult.Failure(failure.code(), failure.message() + undone);
        };
    }
}
