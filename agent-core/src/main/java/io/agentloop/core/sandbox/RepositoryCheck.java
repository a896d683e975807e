package io.agentloop.core.sandbox;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The check of the git repositories around a tool call that changes files without a command (the
 * {@code write} and {@code edit} tools, a plugin's tool that declares writes): what the sandbox
 * does around every command ({@link GitRepositories}), for the files a tool writes itself. A
 * repository such a call made (a {@code HEAD}, {@code objects/} and {@code refs/} written one file
 * at a time) is put out of action, a part git obeys that it changed is put back, and the model is
 * told, so nothing it wrote runs on the host at the user's next {@code git status}.
 *
 * <pre>{@code
 * RepositoryCheck check = RepositoryCheck.before(List.of(workspace.root()));
 * ToolResult result = tool.execute(arguments, context);
 * List<String> undone = check.after();
 * }</pre>
 */
public final class RepositoryCheck {
    private final List<Path> folders;
    private final Map<Path, GitRepositories.Repository> before;

    private RepositoryCheck(List<Path> folders, Map<Path, GitRepositories.Repository> before) {
        this.folders = folders;
        this.before = before;
    }

    /**
     * Snapshots the repositories in the folders, the first of which paths are told relative to.
     *
     * @throws IOException when a folder cannot be walked (more than a million entries, say)
     */
    public static RepositoryCheck before(List<Path> folders) throws IOException {
        if (folders.isEmpty()) {
            throw new IllegalArgumentException("no folder to check the git repositories of");
        }
        return new RepositoryCheck(List.copyOf(folders), repositories(folders));
    }

    /**
     * Walks the folders again and undoes what the call did to their repositories. Returns one
     * sentence for each thing undone, for the model; empty when nothing was. Never throws: a walk
     * that fails is one sentence too.
     */
    public List<String> after() {
        try {
            return GitRepositories.check(before, repositories(folders), folders.get(0), "the call");
        } catch (IOException e) {
            return List.of("the git repositories in the workspace could not be checked after the call ("
                    + e.getMessage() + "): tell the user to look at their hooks and configuration before running git "
                    + "there");
        }
    }

    private static Map<Path, GitRepositories.Repository> repositories(List<Path> folders) throws IOException {
        List<SecretLocations.Found> walks = new ArrayList<>();
        for (Path folder : folders) {
            walks.add(SecretLocations.under(folder));
        }
        return GitRepositories.of(walks);
    }
}
