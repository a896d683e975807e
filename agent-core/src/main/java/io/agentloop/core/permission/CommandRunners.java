package io.agentloop.core.permission;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Programs that run their arguments as a command ({@code watch -n 1 rm f}, {@code chroot / rm f},
 * {@code flock lock rm f}, {@code uv run rm f}): coreutils, util-linux, procps and many other
 * packages ship them, each with its own options and operands before the command. The parser does
 * not learn each one's grammar; for these it judges every way their words could start a command
 * (see {@link ShellParser}), so a deny or ask rule on that command still applies.
 */
final class CommandRunners {
    private static final Set<String> NAMES = Set.of(
            // coreutils, util-linux, procps, psmisc, findutils, debianutils, moreutils
            "timeout", "nice", "nohup", "time", "env", "stdbuf", "chroot", "setsid", "taskset", "ionice", "flock",
            "unshare", "nsenter", "watch", "xargs", "chrt", "prlimit", "setpriv", "runuser", "su", "sg", "script",
            "setarch", "linux32", "linux64", "i386", "x86_64", "chronic", "ifne", "lckdo", "parallel", "sem",
            "unbuffer", "start-stop-daemon", "run-one", "runcon", "numactl", "cgexec", "cpulimit", "entr",
            // shells' own, privilege and sandbox programs
            "command", "builtin", "exec", "sudo", "doas", "pkexec", "busybox", "gosu", "su-exec", "chpst",
            "softlimit", "envdir", "setuidgid", "firejail", "bwrap", "proot", "fakeroot", "fakechroot",
            "sandbox-exec", "caffeinate", "flatpak-spawn", "systemd-run", "systemd-nspawn", "tini", "dumb-init",
            "toybox", "nsjail", "minijail0", "newgrp", "bunx", "xe", "rush",
            // tracers and wrappers that change how a program runs
            "strace", "ltrace", "valgrind", "catchsegv", "perf", "faketime", "eatmydata", "nocache", "trickle",
            "torsocks", "proxychains", "proxychains4", "tsocks", "xvfb-run", "dbus-run-session", "dbus-launch",
            "rlwrap", "daemonize", "tsp", "nq", "sshpass", "rr", "uftrace", "heaptrack", "hyperfine",
            // programs that start a session or an agent and then run the command they are given
            "ssh-agent", "gpg-agent", "xinit", "startx", "ssh", "watchexec", "systemd-inhibit",
            // terminal multiplexers
            "tmux", "screen", "dtach", "abduco",
            // environment and version managers
            "npx", "pnpx", "uv", "uvx", "poetry", "pipenv", "pipx", "conda", "mamba", "micromamba", "pixi",
            "hatch", "pdm", "rye", "bundle", "direnv", "dotenv", "nix-shell", "nix", "mise", "asdf", "rbenv",
            "pyenv", "nodenv", "fnm", "volta");
    /** Programs that join their words into one line for a shell, and run that ({@code watch 'a && b'}). */
    private static final Set<String> SHELL_LINE = Set.of("watch", "tmux", "screen");
    /** Options whose value is a line for a shell ({@code su -c 'a; b'}, {@code nix-shell --run}). */
    private static final Set<String> SHELL_LINE_OPTIONS = Set.of("-c", "--command", "--run", "--shell-command");

    /**
     * Runners that start a shell when no command is given ({@code echo 'rm f' | unshare}), and how
     * many operands they take before the command ({@code chroot DIR}, {@code sg GROUP}).
     */
    private static final Map<String, Integer> SHELL_WITHOUT_COMMAND = Map.of("unshare", 0, "nsenter", 0, "chroot", 1,
            "fakeroot", 0, "fakechroot", 0, "proot", 0, "firejail", 0, "pkexec", 0, "sg", 1);
    /** Runners whose operands go to the shell they start: only {@code -c} gives them a command. */
    private static final Set<String> SHELL_UNLESS_DASH_C = Set.of("su", "script", "newgrp");
    /** Options of those runners whose value is the next word. */
    private static final Set<String> WITH_VALUE = Set.of("-S", "-G", "-R", "-w", "-t", "-u", "--user", "-s",
            "--shell", "-g", "--group");

    private CommandRunners() {
    }

    /**
     * Why the runner, given no command, starts a shell that reads its commands from its input, or
     * empty: {@code unshare}, {@code chroot DIR}, {@code su} or {@code script} without {@code -c},
     * {@code runuser} without {@code -u}, {@code sudo -s} or {@code sudo -i} with nothing after them.
     */
    static Optional<String> startsShell(String program, List<String> words) {
        boolean sudoShell = (program.equals("sudo") || program.equals("doas"))
                && words.stream().anyMatch(w -> w.matches("-[a-zA-Z]*[si][a-zA-Z]*|--shell|--login"));
        boolean shell;
        if (SHELL_UNLESS_DASH_C.contains(program) || (program.equals("runuser") && !words.contains("-u")
                && !words.contains("--user"))) {
            shell = words.stream().skip(1).noneMatch(CommandRunners::shellLineOption);
        } else if (SHELL_WITHOUT_COMMAND.containsKey(program) || sudoShell || program.equals("runuser")) {
            shell = operands(words) <= SHELL_WITHOUT_COMMAND.getOrDefault(program, 0);
        } else {
            return Optional.empty();
        }
        return shell ? Optional.of(program + " with no command starts a shell that reads its commands from its input, "
                + "which cannot be judged in advance") : Optional.empty();
    }

    private static int operands(List<String> words) {
        int given = 0;
        for (int i = 1; i < words.size(); i++) {
            String word = words.get(i);
            if (word.startsWith("-") && word.length() > 1) {
                i += WITH_VALUE.contains(word) ? 1 : 0;
            } else {
                given++;
            }
        }
        return given;
    }

    /** Whether {@code program} (a base name) runs a command given in its arguments. */
    static boolean runsCommand(String program) {
        return NAMES.contains(program);
    }

    /**
     * Whether the runner hands its words to a shell as one line, so they are parsed as one rather
     * than as a program and its arguments: {@code watch} does unless told {@code -x}.
     */
    static boolean joinsIntoShellLine(String program, List<String> words) {
        return SHELL_LINE.contains(program) && !words.contains("-x") && !words.contains("--exec");
    }

    /** Whether {@code option} takes a shell line as its value ({@code -c}, {@code -qc}, {@code --run}). */
    static boolean shellLineOption(String option) {
        return SHELL_LINE_OPTIONS.contains(option) || option.matches("-[a-zA-Z]*c");
    }
}
