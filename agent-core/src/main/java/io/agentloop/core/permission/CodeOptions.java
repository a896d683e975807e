package io.agentloop.core.permission;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Options and subcommands that make an otherwise harmless program run code or write files:
 * {@code git -c alias.x=!cmd}, {@code find -exec} and {@code -delete}, {@code tar --to-command},
 * {@code rsync -e}, {@code env -S}... A broad allow rule ({@code bash(git *)}, {@code bash(find *)})
 * is meant for the program's ordinary use, so it does not cover a command that uses one of these;
 * only a rule that spells the option out does. Programs that always run another command
 * ({@code xargs}, {@code watch}, {@code npx}) are never covered by a wildcard.
 */
final class CodeOptions {
    private static final Set<String> ALWAYS = Set.of("xargs", "watch", "npx", "parallel", "nohup", "entr");
    /** git options before the subcommand that set configuration (an alias or pager can be a shell command). */
    private static final Set<String> GIT_GLOBAL = Set.of("-c", "--config-env", "--exec-path");
    private static final Set<String> GIT_GLOBAL_WITH_VALUE = Set.of("-C", "--git-dir", "--work-tree", "--namespace");
    private static final Set<String> GIT_SUBCOMMANDS = Set.of("config", "submodule", "bisect", "filter-branch",
            "difftool", "mergetool");
    private static final Set<String> GIT_ANYWHERE = Set.of("--upload-pack", "--receive-pack", "--extcmd", "--exec",
            "--ext-diff", "--textconv", "--exec-path");
    private static final Map<String, Set<String>> OPTIONS = Map.of(
            "find", Set.of("-exec", "-execdir", "-ok", "-okdir", "-delete", "-fprint", "-fprint0", "-fprintf", "-fls"),
            "env", Set.of("-S", "--split-string"),
            "tar", Set.of("--to-command", "--checkpoint-action", "--use-compress-program", "-I", "--info-script",
                    "--new-volume-script", "-F"),
            "rsync", Set.of("-e", "--rsh", "--rsync-path"),
            "ssh", Set.of("-o", "-F"),
            "zip", Set.of("-T", "-TT", "--unzip-command"),
            "npm", Set.of("exec", "x", "explore"),
            "sed", Set.of("-i", "--in-place"));

    private CodeOptions() {
    }

    /** The first word of a simple command that runs code or writes, or empty. */
    static Optional<String> find(List<String> words) {
        if (words.isEmpty()) {
            return Optional.empty();
        }
        String program = ShellScript.SimpleCommand.baseName(words.get(0));
        if (ALWAYS.contains(program)) {
            return Optional.of(program);
        }
        if (program.equals("git")) {
            return git(words);
        }
        Set<String> risky = OPTIONS.get(program);
        if (risky == null) {
            return Optional.empty();
        }
        for (String word : words.subList(1, words.size())) {
            String option = word.contains("=") && word.startsWith("-") ? word.substring(0, word.indexOf('=')) : word;
            if (risky.contains(option)) {
                return Optional.of(option);
            }
        }
        return Optional.empty();
    }

    private static Optional<String> git(List<String> words) {
        int i = 1;
        while (i < words.size() && words.get(i).startsWith("-")) {
            String option = words.get(i).contains("=") ? words.get(i).substring(0, words.get(i).indexOf('='))
                    : words.get(i);
            if (GIT_GLOBAL.contains(option) || option.startsWith("-c")) {
                return Optional.of(option);
            }
            i += GIT_GLOBAL_WITH_VALUE.contains(words.get(i)) ? 2 : 1;
        }
        if (i >= words.size()) {
            return Optional.empty();
        }
        String subcommand = words.get(i);
        if (GIT_SUBCOMMANDS.contains(subcommand)) {
            return Optional.of(subcommand);
        }
        for (String word : words.subList(i + 1, words.size())) {
            String option = word.contains("=") ? word.substring(0, word.indexOf('=')) : word;
            if (GIT_ANYWHERE.contains(option) || (subcommand.equals("rebase") && option.equals("-x"))) {
                return Optional.of(option);
            }
        }
        return Optional.empty();
    }
}
