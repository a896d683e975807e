package io.agentloop.core.workspace;

import io.agentloop.api.tool.Workspace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The files of a project that other programs run or obey later, outside any sandbox: a
 * {@code Makefile} the user's next {@code make} runs, {@code package.json} scripts, an {@code .envrc}
 * direnv loads on {@code cd}, an editor's tasks, a git hook manager's configuration, a rebase todo
 * with {@code exec} lines waiting for {@code git rebase --continue}. A change to one by a run is code
 * the user may run without having read it: it is listed at the end of the run, and with
 * {@code permissions.ask-before-executable-config} it asks. Source code is not on the list (every
 * change of it may run later); nor is anything under {@code node_modules}, which installers rewrite
 * whole. The list is docs/security.md's.
 */
public final class ExecutableConfig {
    /** Names matched anywhere in the tree (case as written), with the program that runs them. */
    private static final Map<String, String> NAMES = Map.ofEntries(
            Map.entry("Makefile", "make"), Map.entry("makefile", "make"), Map.entry("GNUmakefile", "make"),
            Map.entry("package.json", "npm, yarn and pnpm scripts"), Map.entry(".envrc", "direnv"),
            Map.entry("justfile", "just"), Map.entry("Justfile", "just"), Map.entry(".justfile", "just"),
            Map.entry("Taskfile.yml", "task"), Map.entry("Taskfile.yaml", "task"),
            Map.entry("taskfile.yml", "task"), Map.entry("taskfile.yaml", "task"),
            Map.entry("Taskfile.dist.yml", "task"), Map.entry("tox.ini", "tox"), Map.entry("noxfile.py", "nox"),
            Map.entry("mise.toml", "mise"), Map.entry(".mise.toml", "mise"),
            Map.entry(".pre-commit-config.yaml", "pre-commit (git hooks)"),
            Map.entry("lefthook.yml", "lefthook (git hooks)"), Map.entry("lefthook.yaml", "lefthook (git hooks)"),
            Map.entry(".lefthook.yml", "lefthook (git hooks)"), Map.entry(".lefthook.yaml", "lefthook (git hooks)"),
            Map.entry("lefthook-local.yml", "lefthook (git hooks)"), Map.entry(".overcommit.yml", "overcommit (git hooks)"),
            Map.entry(".gitlab-ci.yml", "GitLab CI"), Map.entry(".devcontainer.json", "dev containers"));
    /** Folders whose every file is run or obeyed, with the program. */
    private static final Map<String, String> FOLDERS = Map.of(".husky", "husky (git hooks)",
            ".lefthook", "lefthook (git hooks)", ".githooks", "git hooks", ".idea/runConfigurations", "JetBrains IDEs",
            ".run", "JetBrains IDEs", ".github/workflows", "GitHub Actions", ".devcontainer", "dev containers");
    /** Paths matched at their end, at any depth (a nested project's, a nested repository's). */
    private static final Map<String, String> PATHS = Map.of(".vscode/tasks.json", "VS Code",
            ".vscode/launch.json", "VS Code", ".vscode/settings.json", "VS Code", ".idea/workspace.xml",
            "JetBrains IDEs", "rebase-merge/git-rebase-todo", "git rebase --continue (exec lines)",
            "sequencer/todo", "git cherry-pick and revert --continue");
    private ExecutableConfig() {
    }

    /**
     * The program that runs or obeys the file at {@code relative} (a path inside a workspace folder,
     * with {@code /} between names), if it is on the list.
     */
    public static Optional<String> runBy(String relative) {
        List<String> names = List.of(relative.replace('\\', '/').split("/"));
        if (names.contains("node_modules")) {
            return Optional.empty();
        }
        for (Map.Entry<String, String> path : PATHS.entrySet()) {
            List<String> tail = List.of(path.getKey().split("/"));
            if (names.size() >= tail.size() && names.subList(names.size() - tail.size(), names.size()).equals(tail)) {
                return Optional.of(path.getValue());
            }
        }
        if (names.contains(".git")) {
            return Optional.empty();
        }
        String name = names.get(names.size() - 1);
        if (NAMES.containsKey(name)) {
            return Optional.of(NAMES.get(name));
        }
        if (name.toLowerCase(Locale.ROOT).endsWith(".mk")) {
            return Optional.of("make (included makefiles)");
        }
        for (int i = 0; i < names.size() - 1; i++) {
            if (i + 2 < names.size() && FOLDERS.containsKey(names.get(i) + "/" + names.get(i + 1))) {
                return Optional.of(FOLDERS.get(names.get(i) + "/" + names.get(i + 1)));
            }
            if (FOLDERS.containsKey(names.get(i))) {
                return Optional.of(FOLDERS.get(names.get(i)));
            }
        }
        return Optional.empty();
    }

    /**
     * The program that runs or obeys the file at the canonical path {@code real}, if it lies in one
     * of the workspace's folders and is on the list; with its path as the run lists it.
     */
    public static Optional<Listed> of(Path real, Workspace workspace) {
        for (Path folder : folders(workspace)) {
            if (real.startsWith(folder) && !real.equals(folder)) {
                String relative = folder.relativize(real).toString();
                return runBy(relative).map(program -> new Listed(workspace.display(real), program));
            }
        }
        return Optional.empty();
    }

    /** The folders a run may change: the root and the extra directories. */
    static List<Path> folders(Workspace workspace) {
        List<Path> folders = new ArrayList<>();
        folders.add(workspace.root());
        folders.addAll(workspace.extraDirectories());
        return folders;
    }

    /**
     * One file of the list.
     *
     * @param path    as the run shows it: relative to the workspace root, else absolute
     * @param program what runs or obeys it
     */
    public record Listed(String path, String program) {
    }
}
