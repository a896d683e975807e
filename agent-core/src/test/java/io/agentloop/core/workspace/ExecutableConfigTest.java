package io.agentloop.core.workspace;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The list of files other programs run later: what is on it, wherever it lies, and what is not. */
class ExecutableConfigTest {
    @Test
    void theListedFilesAreFoundAtAnyDepthWithWhatRunsThem() {
        assertThat(ExecutableConfig.runBy("Makefile")).contains("make");
        assertThat(ExecutableConfig.runBy("sub/project/GNUmakefile")).contains("make");
        assertThat(ExecutableConfig.runBy("build/rules.MK")).contains("make (included makefiles)");
        assertThat(ExecutableConfig.runBy("web/package.json")).contains("npm, yarn and pnpm scripts");
        assertThat(ExecutableConfig.runBy(".envrc")).contains("direnv");
        assertThat(ExecutableConfig.runBy(".vscode/tasks.json")).contains("VS Code");
        assertThat(ExecutableConfig.runBy("app/.vscode/launch.json")).contains("VS Code");
        assertThat(ExecutableConfig.runBy(".idea/runConfigurations/Server.xml")).contains("JetBrains IDEs");
        assertThat(ExecutableConfig.runBy(".husky/pre-commit")).contains("husky (git hooks)");
        assertThat(ExecutableConfig.runBy(".husky/_/husky.sh")).contains("husky (git hooks)");
        assertThat(ExecutableConfig.runBy(".pre-commit-config.yaml")).contains("pre-commit (git hooks)");
        assertThat(ExecutableConfig.runBy("lefthook.yml")).contains("lefthook (git hooks)");
        assertThat(ExecutableConfig.runBy(".github/workflows/ci.yml")).contains("GitHub Actions");
        assertThat(ExecutableConfig.runBy(".git/rebase-merge/git-rebase-todo")).contains("git rebase --continue (exec lines)");
        assertThat(ExecutableConfig.runBy(".git/worktrees/w/sequencer/todo")).isPresent();
        assertThat(ExecutableConfig.runBy("justfile")).contains("just");
        assertThat(ExecutableConfig.runBy("Taskfile.yml")).contains("task");
        assertThat(ExecutableConfig.runBy("tox.ini")).contains("tox");
    }

    @Test
    void sourceInstalledPackagesAndGitsOwnFilesAreNotOnTheList() {
        assertThat(ExecutableConfig.runBy("src/Main.java")).isEmpty();
        assertThat(ExecutableConfig.runBy("Makefile.bak")).isEmpty();
        assertThat(ExecutableConfig.runBy("docs/vscode/tasks.json")).isEmpty();
        assertThat(ExecutableConfig.runBy("node_modules/left-pad/package.json")).isEmpty();
        assertThat(ExecutableConfig.runBy("node_modules/x/.vscode/tasks.json")).isEmpty();
        assertThat(ExecutableConfig.runBy(".git/config")).isEmpty();
        assertThat(ExecutableConfig.runBy(".git/HEAD")).isEmpty();
        assertThat(ExecutableConfig.runBy(".github/CODEOWNERS")).isEmpty();
    }
}
