package io.agentloop.core.permission;

import java.util.List;
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
            // tracers and wrappers that change how a program runs
            "strace", "ltrace", "valgrind", "catchsegv", "perf", "faketime", "eatmydata", "nocache", "trickle",
            "torsocks", "proxychains", "proxychains4", "tsocks", "xvfb-run", "dbus-run-session", "dbus-launch",
            "rlwrap", "daemonize", "tsp", "nq", "sshpass",
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

    private CommandRunners() {
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
