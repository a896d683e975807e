package io.agentloop.core.tool;

import io.agentloop.api.message.ToolCall;
import io.agentloop.api.permission.Access;
import io.agentloop.api.tool.PathDeniedException;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.Workspace;
import io.agentloop.core.permission.PermissionGate;
import io.agentloop.core.workspace.ExecutableConfig;
import io.agentloop.core.workspace.ExecutableConfigChanges;
import io.agentloop.core.workspace.ExecutableConfigSnapshot;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Around a tool call that may change the workspace: which files other programs run later
 * ({@link ExecutableConfig}) it changed. A file tool names what it writes, so only those paths are
 * compared; a command, or a tool that changes things without saying what, may change anything, so
 * the whole workspace is compared before and after. What changed is noted for the end of the run
 * and told to the model. When the policy asks before such changes, a file tool has asked already;
 * a command's change is put to the person afterwards, and undone when refused or when no one can
 * be asked.
 */
final class ExecutableConfigWatch {
    private final PermissionGate permissions;
    private final ExecutableConfigChanges changes;
    private final Consumer<Boolean> waiting;

    ExecutableConfigWatch(PermissionGate permissions, ExecutableConfigChanges changes, Consumer<Boolean> waiting) {
        this.permissions = permissions;
        this.changes = changes;
        this.waiting = waiting;
    }

    ToolResult around(Tool tool, ToolArguments arguments, ToolCall call, Workspace workspace, Supplier<ToolResult> run) {
        if (tool.readOnly()) {
            return run.get();
        }
        List<Access> accesses;
        try {
            accesses = tool.accesses(arguments);
        } catch (RuntimeException e) {
            accesses = List.of();
        }
        boolean anything = accesses.isEmpty() || accesses.stream().anyMatch(Access.Command.class::isInstance);
        List<Path> written = anything ? List.of() : written(accesses, workspace);
        if (!anything && written.isEmpty()) {
            return run.get();
        }
        ExecutableConfigSnapshot before;
        try {
            before = anything ? ExecutableConfigSnapshot.of(workspace) : ExecutableConfigSnapshot.of(written, workspace);
        } catch (IOException e) {
            return told(run.get(), "[agentloop] the workspace could not be searched for files other programs run ("
                    + e.getMessage() + "); tell the user to read what this call changed before running make, npm "
                    + "or the like");
        }
        ToolResult result = run.get();
        List<Path> changed;
        try {
            ExecutableConfigSnapshot after = anything ? ExecutableConfigSnapshot.of(workspace)
                    : ExecutableConfigSnapshot.of(written, workspace);
            changed = before.changedIn(after);
        } catch (IOException e) {
            return told(result, "[agentloop] the workspace could not be searched for files other programs run after "
                    + "this call (" + e.getMessage() + "); tell the user to read what it changed");
        }
        if (changed.isEmpty()) {
            return result;
        }
        List<ExecutableConfig.Listed> listed = new ArrayList<>();
        for (Path path : changed) {
            listed.add(ExecutableConfig.of(path, workspace).orElseGet(() -> new ExecutableConfig.Listed(
                    workspace.display(path), "another program")));
        }
        if (anything && permissions.policy().asksBeforeExecutableConfig()) {
            return askToKeep(result, call, before, changed, listed);
        }
        listed.forEach(file -> changes.add(file.path()));
        return told(result, "[agentloop] this call changed " + names(listed) + ", which other programs run later "
                + "outside the sandbox; the user is shown the list at the end of the run");
    }

    private ToolResult askToKeep(ToolResult result, ToolCall call, ExecutableConfigSnapshot before, List<Path> changed,
                                 List<ExecutableConfig.Listed> listed) {
        List<String> reasons = new ArrayList<>();
        listed.forEach(file -> reasons.add(call.name() + " changed " + file.path() + ", which " + file.program()
                + " runs or obeys later, outside the sandbox"));
        reasons.add("allow keeps the change; deny undoes it (permissions.ask-before-executable-config)");
        if (permissions.keeps(call.name(), call.arguments(), reasons, waiting)) {
            listed.forEach(file -> changes.add(file.path()));
            return told(result, "[agentloop] this call changed " + names(listed) + ", which other programs run later "
                    + "outside the sandbox; the user kept the change, and is shown the list at the end of the run");
        }
        List<String> failed = new ArrayList<>();
        for (int i = 0; i < changed.size(); i++) {
            try {
                before.restore(changed.get(i));
            } catch (IOException e) {
                failed.add(listed.get(i).path() + " (" + e.getMessage() + ")");
                changes.add(listed.get(i).path());
            }
        }
        return told(result, "[agentloop] this call changed " + names(listed) + ", which other programs run later "
                + "outside the sandbox; the change was undone, because the user refused it or no one could be asked"
                + (failed.isEmpty() ? "" : ", except " + String.join(", ", failed)) + ". Ask the user to make such "
                + "changes, or to allow them");
    }

    private static List<Path> written(List<Access> accesses, Workspace workspace) {
        List<Path> paths = new ArrayList<>();
        for (Access access : accesses) {
            if (access instanceof Access.Write write) {
                try {
                    paths.add(workspace.resolve(write.value()));
                } catch (PathDeniedException e) {
                    // refused by the gate; nothing is written there
                }
            }
        }
        return paths;
    }

    private static String names(List<ExecutableConfig.Listed> listed) {
        return String.join(", ", listed.stream().map(file -> file.path() + " (" + file.program() + ")").toList());
    }

    private static ToolResult told(ToolResult result, String notice) {
        return switch (result) {
            case ToolResult.Success success -> new ToolResult.Success(success.content() + "\n" + notice, success.data());
            case ToolResult.Failure failure -> new ToolResult.Failure(failure.code(), failure.message() + "\n" + notice);
        };
    }
}
