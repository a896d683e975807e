package io.agentloop.core.sandbox;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The check of the git repositories around a tool call that changes files without a command (the
 * {@code write} and {@code edit} tools, a plugin's tool that declares writes): what the sandbox
 * does around every command ({@link GitRepositories}), for the files a tool writes itself. A
 * repository such a call made (a {@code HEAD}, {@code objects/} and {@code refs/} written one file
 * at a time) is put out of action, a part git obeys that it changed is put back, and the model is
 * told, so nothing it wrote runs on the host at the user's next {@code git status}. A file written
 * can only make a repository of a folder it lies in, so only the folders from each written path up
 * to its workspace folder are looked at, not the whole tree: a write costs a few file lookups.
 *
 * <pre>{@code
 * RepositoryCheck check = RepositoryCheck.before(List.of(file), List.of(workspace.root()));
 * ToolResult result = tool.execute(arguments, context);
 * List<String> undone = check.after();
 * }</pre>
 */
public final class RepositoryCheck {
    private final List<Path> written;
    private final List<Path> folders;
    private final Map<Path, GitRepositories.Repository> before;

    private RepositoryCheck(List<Path> written, List<Path> folders, Map<Path, GitRepositories.Repository> before) {
        this.written = written;
        this.folders = folders;
        this.before = before;
    }

    /**
     * Snapshots the repositories that the written paths lie in.
     *
     * @param written the canonical paths the call declares it writes
     * @param folders the workspace's folders, the first of which paths are told relative to
     */
    public static RepositoryCheck before(List<Path> written, List<Path> folders) throws IOException {
        if (folders.isEmpty()) {
            throw new IllegalArgumentException("no folder to check the git repositories of");
        }
        return new RepositoryCheck(List.copyOf(written), List.copyOf(folders), repositories(written, folders));
    }

    /**
     * Looks at the same folders again and undoes what the call did to their repositories. Returns
     * one sentence for each thing undone, for the model; empty when nothing was. Never throws: a look
     * that fails is one sentence too.
     */
    public List<String> after() {
        try {
            return GitRepositories.check(before, repositories(written, folders), folders.get(0), "the call");
        } catch (IOException e) {
            return List.of("the git repositories in the workspace could not be checked after the call ("
                    + e.getMessage() + "): tell the user to look at their hooks and configuration before running git "
                    + "there");
        }
    }

    /** The repositories git could find in the folders each path lies in, up to its workspace folder. */
    private static Map<Path, GitRepositories.Repository> repositories(List<Path> written, List<Path> folders)
            throws IOException {
        Set<Path> gitEntries = new LinkedHashSet<>();
        Set<Path> headFolders = new LinkedHashSet<>();
        for (Path path : written) {
            if (path.getFileName() != null && path.getFileName().toString().equals(".git")) {
                gitEntries.add(path);
            }
            for (Path folder = path.getParent(); folder != null && inside(folder, folders);
                    folder = folder.getParent()) {
                if (Files.exists(folder.resolve(".git"), LinkOption.NOFOLLOW_LINKS)) {
                    gitEntries.add(folder.resolve(".git"));
                }
                if (Files.isRegularFile(folder.resolve("HEAD"), LinkOption.NOFOLLOW_LINKS)) {
                    headFolders.add(folder);
                }
            }
        }
        return GitRepositories.of(List.of(new SecretLocations.Found(List.of(), List.of(), List.copyOf(gitEntries),
                List.copyOf(headFolders), List.of())));
    }

    private static boolean inside(Path folder, List<Path> folders) {
        return folders.stream().anyMatch(folder::startsWith);
    }
}
