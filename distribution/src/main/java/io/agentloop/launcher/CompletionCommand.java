package io.agentloop.launcher;

import java.util.List;
import picocli.AutoComplete;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code agentloop completion bash|zsh}: a shell completion script for every command and option,
 * generated from the same command descriptions the launcher parses with. zsh loads it through
 * its bash completion support.
 */
final class CompletionCommand extends LauncherCommand {
    String shell;

    @Override
    CommandSpec spec() {
        CommandSpec spec = describe("completion", "Prints a completion script for bash or zsh: "
                + "source <(agentloop completion bash)");
        spec.addPositional(Cli.word(0, "SHELL", "bash", "bash or zsh (default bash).", () -> shell, v -> shell = v));
        return spec;
    }

    @Override
    public Integer call() {
        if (!List.of("bash", "zsh").contains(shell)) {
            err().println("agentloop completion: '" + shell + "' is not a shell this can complete for: use bash or zsh");
            return Launcher.USAGE;
        }
        if (shell.equals("zsh")) {
            out().println("autoload -U +X compinit && compinit\nautoload -U +X bashcompinit && bashcompinit");
        }
        out().print(AutoComplete.bash("agentloop", new AgentloopCommand(parent.home, parent.env, parent.in)
                .commandLine(new String[0])));
        out().flush();
        return Launcher.ANSWERED;
    }
}
