package io.agentloop.core.permission;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Commands that a program runs because its own syntax says so, not because they are its
 * arguments: {@code make -E 'x:; rm f'}, {@code less +'!rm f'}, {@code man -P 'rm f'},
 * {@code tar --checkpoint-action=exec='rm f'}, {@code sort --compress-program}, {@code socat
 * EXEC:...}, {@code sed '1e rm f'}, a {@code PAGER=} or {@code EDITOR=} before a command, and git's
 * aliases and configuration ({@link GitCommands}). {@link ShellParser} judges what is found here:
 * a line the program will run as its own command is judged like {@code bash -c}'s, a value that may
 * or may not be a command is judged against the deny and ask rules only, and what cannot be known
 * from the line (a makefile from the input, a git alias kept in some configuration, the input of a
 * runner that starts a shell when given no command) is a problem.
 */
final class EmbeddedCommands {
    /** Options whose value is a command the program runs (through a shell or as a program). */
    private static final Map<String, Set<String>> COMMAND_OPTIONS = Map.ofEntries(
            Map.entry("tar", Set.of("--to-command", "--use-compress-program", "-I", "--info-script", "-F",
                    "--new-volume-script", "--rsh-command", "--rmt-command")),
            Map.entry("cpio", Set.of("--rsh-command", "--rmt-command")),
            Map.entry("rsync", Set.of("-e", "--rsh", "--rsync-path")),
            Map.entry("sort", Set.of("--compress-program")),
            Map.entry("split", Set.of("--filter")),
            Map.entry("rg", Set.of("--pre")),
            Map.entry("zip", Set.of("-TT", "--unzip-command")),
            Map.entry("man", Set.of("-P", "--pager")),
            Map.entry("wget", Set.of("--use-askpass")),
            Map.entry("scp", Set.of("-S")),
            Map.entry("sftp", Set.of("-S")),
            Map.entry("nodemon", Set.of("--exec", "-x")),
            Map.entry("nc", Set.of("-e", "-c")),
            Map.entry("netcat", Set.of("-e", "-c")),
            Map.entry("ncat", Set.of("-e", "--exec", "-c", "--sh-exec", "--lua-exec")));
    /** Options after which the rest of the words are a command ({@code fd -x rm}). */
    private static final Map<String, Set<String>> COMMAND_TAILS = Map.of(
            "fd", Set.of("-x", "--exec", "-X", "--exec-batch"),
            "fdfind", Set.of("-x", "--exec", "-X", "--exec-batch"));
    /** Subcommands of package managers after which the rest of the words are a command ({@code npm exec rm}). */
    private static final Set<String> EXEC_SUBCOMMANDS = Set.of("exec", "x", "dlx");
    private static final Set<String> PACKAGE_MANAGERS = Set.of("npm", "yarn", "pnpm");
    private static final Set<String> PAGERS = Set.of("less", "more", "most");
    private static final Set<String> MAKES = Set.of("make", "gmake", "remake");
    private static final Set<String> SSH = Set.of("ssh", "scp", "sftp", "sshfs");
    /** ssh options whose value is a command run on this machine. */
    private static final Set<String> SSH_COMMANDS = Set.of("proxycommand", "localcommand", "knownhostscommand");
    /** Variables whose value is a command that programs run ({@code PAGER='rm f' man ls}). */
    private static final Set<String> COMMAND_VARIABLES = Set.of("PAGER", "MANPAGER", "EDITOR", "VISUAL", "BROWSER",
            "LESSEDIT", "LESSOPEN", "LESSCLOSE", "SYSTEMD_PAGER", "SUDO_ASKPASS", "SSH_ASKPASS");
    /** A make variable set on its command line: {@code NAME=value}, {@code NAME:=}, {@code NAME!=} (a command). */
    private static final Pattern MAKE_VARIABLE = Pattern.compile("([A-Za-z_.][A-Za-z0-9_.-]*)\\s*([:!?+]*)=(.*)",
            Pattern.DOTALL);
    /** Files a makefile read from them comes from the command's input. */
    private static final Pattern INPUT_FILES = Pattern.compile("-|/dev/stdin|/dev/fd/.*|/proc/.*");
    private static final String MAKE_EVAL = "make -E/--eval runs makefile text whose recipes cannot be judged in "
            + "advance";

    private EmbeddedCommands() {
    }

    /**
     * What a program's own syntax runs.
     *
     * @param lines    command lines the program runs, judged as the line's own commands
     * @param possible values that may be commands, judged against the deny and ask rules only
     * @param problems why the command it runs cannot be known from the line
     */
    record Found(List<String> lines, List<String> possible, List<String> problems) {
        Found() {
            this(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        }
    }

    /** What the simple command {@code words} (quotes removed, program first) runs by its own syntax. */
    static Found in(String program, List<String> words) {
        Found found = new Found();
        if (program.equals("git")) {
            GitCommands.judge(words, found);
        } else if (MAKES.contains(program)) {
            make(words, found);
        } else if (PAGERS.contains(program)) {
            pager(program, words, found);
        } else if (SSH.contains(program)) {
            ssh(program, words, found);
        } else if (program.equals("socat")) {
            socat(words, found);
        } else if (program.equals("sed")) {
            SedScript.judge(words, found);
        } else if (PACKAGE_MANAGERS.contains(program)) {
            packageManager(words, found);
        } else if (program.equals("cmake") && words.contains("-E")) {
            // cmake -E env|time|chdir DIR CMD...: which word starts the command depends on the tool.
            List<String> tool = words.subList(words.indexOf("-E") + 1, words.size());
            for (int i = 0; i < Math.min(tool.size(), 8); i++) {
                found.possible().add(quoted(tool.subList(i, tool.size())));
            }
        }
        CommandRunners.startsShell(program, words).ifPresent(found.problems()::add);
        Set<String> options = COMMAND_OPTIONS.get(program);
        if (options != null) {
            valuesOf(words, options).forEach(found.lines()::add);
        }
        if (program.equals("man")) {
            // -H takes its browser only attached: man -H ls shows ls in the default browser.
            words.stream().filter(w -> w.startsWith("-H") && w.length() > 2 || w.startsWith("--html="))
                    .forEach(w -> found.lines().add(w.substring(w.startsWith("-H") ? 2 : "--html=".length())));
        }
        if (program.equals("tar")) {
            valuesOf(words, Set.of("--checkpoint-action")).stream().filter(v -> v.startsWith("exec="))
                    .forEach(v -> found.lines().add(v.substring("exec=".length())));
        }
        Set<String> tails = COMMAND_TAILS.get(program);
        if (tails != null) {
            for (int i = 1; i < words.size() - 1; i++) {
                if (tails.contains(words.get(i))) {
                    found.lines().add(quoted(words.subList(i + 1, words.size())));
                    break;
                }
            }
        }
        return found;
    }

    /**
     * The command an assignment before a command hands to the programs it runs
     * ({@code PAGER='rm f' git log}, {@code LESSOPEN='|rm f %s'}), or empty for other variables.
     */
    static Optional<String> variable(String assignment) {
        int equals = assignment.indexOf('=');
        if (equals < 0 || !COMMAND_VARIABLES.contains(assignment.substring(0, equals).replace("+", ""))) {
            return Optional.empty();
        }
        String value = assignment.substring(equals + 1).replaceFirst("^[|-]+", "");
        return value.isBlank() ? Optional.empty() : Optional.of(value);
    }

    /** {@code npm exec CMD}, {@code npm exec -c 'line'}, {@code yarn dlx CMD}: a command, maybe from a package. */
    private static void packageManager(List<String> words, Found found) {
        int exec = -1;
        for (int i = 1; i < words.size() && exec < 0; i++) {
            exec = EXEC_SUBCOMMANDS.contains(words.get(i)) ? i : -1;
        }
        if (exec < 0) {
            return;
        }
        List<String> rest = words.subList(exec, words.size());
        found.lines().addAll(valuesOf(rest, Set.of("-c", "--call")));
        List<String> command = rest.stream().skip(1).dropWhile(w -> w.startsWith("-")).toList();
        if (!command.isEmpty()) {
            found.possible().add(quoted(command));
        }
    }

    /** make runs makefile text given on its command line, and variables set there can hold commands. */
    private static void make(List<String> words, Found found) {
        for (int i = 1; i < words.size(); i++) {
            String word = words.get(i);
            String next = i + 1 < words.size() ? words.get(i + 1) : "";
            if (word.equals("--eval") || word.startsWith("--eval=")) {
                found.problems().add(MAKE_EVAL);
            } else if (word.equals("--file") || word.equals("--makefile")) {
                makefile(next, found);
                i++;
            } else if (word.startsWith("--file=") || word.startsWith("--makefile=")) {
                makefile(word.substring(word.indexOf('=') + 1), found);
            } else if (word.startsWith("-") && !word.startsWith("--")) {
                i += makeOptions(word, next, found) ? 1 : 0;
            } else if (!word.startsWith("-")) {
                makeVariable(word, found);
            }
        }
    }

    /** One word of make's short options ({@code -sE TEXT}, {@code -f-}); whether it took the next word. */
    private static boolean makeOptions(String word, String next, Found found) {
        for (int c = 1; c < word.length(); c++) {
            char option = word.charAt(c);
            String attached = word.substring(c + 1);
            if (option == 'E') {
                found.problems().add(MAKE_EVAL);
                return attached.isEmpty();
            }
            if (option == 'f') {
                makefile(attached.isEmpty() ? next : attached, found);
                return attached.isEmpty();
            }
            if ("CIjlOoW".indexOf(option) >= 0) {
                return attached.isEmpty() && option != 'j' && option != 'l' && option != 'O';
            }
        }
        return false;
    }

    private static void makefile(String file, Found found) {
        if (INPUT_FILES.matcher(file).matches()) {
            found.problems().add("make reads its makefile from its input, which cannot be judged in advance");
        }
    }

    private static void makeVariable(String word, Found found) {
        var matcher = MAKE_VARIABLE.matcher(word);
        if (!matcher.matches()) {
            return;
        }
        String name = matcher.group(1);
        String value = matcher.group(3);
        if (Set.of("MAKEFLAGS", "MFLAGS", "GNUMAKEFLAGS", "MAKEFILES", "MAKEOVERRIDES").contains(name)) {
            found.problems().add("make " + name + "= changes what make reads or runs, which cannot be judged in "
                    + "advance");
        } else if (matcher.group(2).contains("!") || name.equals("SHELL") || name.equals(".SHELLFLAGS")) {
            found.lines().add(value); // NAME!=cmd runs cmd; SHELL runs every recipe line
        } else if (!value.isBlank()) {
            found.possible().add(value); // CC='rm f': a recipe may run it
        }
    }

    /**
     * less and more run the commands given with {@code +} when they start; {@code !} there runs a
     * shell command, and a key file can rebind keys to anything.
     */
    private static void pager(String program, List<String> words, Found found) {
        for (int i = 1; i < words.size(); i++) {
            String word = words.get(i);
            if (word.equals("--")) {
                return;
            }
            if (word.startsWith("+")) {
                startCommands(program, word, found);
            } else if (word.equals("-k") || word.startsWith("--lesskey") || (word.startsWith("-k")
                    && !word.startsWith("--"))) {
                found.problems().add(program + " " + word + " reads key bindings that can run commands, which cannot "
                        + "be judged in advance");
            }
        }
    }

    /** A pager's {@code +cmd}: going to a line or searching is harmless, {@code !} runs a shell line. */
    private static void startCommands(String program, String word, Found found) {
        String commands = word.replaceFirst("^\\++", "");
        if (commands.matches("[0-9]*[GgFpP%]?") || commands.matches("[/?][^\n!|]*")) {
            return;
        }
        int bang = commands.indexOf('!');
        if (bang >= 0 && !commands.contains("|") && !commands.substring(bang).contains("\n")) {
            found.lines().add(commands.substring(bang + 1));
        } else {
            found.problems().add(program + " " + word + " runs commands of " + program + " that cannot be judged in "
                    + "advance");
        }
    }

    private static void ssh(String program, List<String> words, Found found) {
        for (int i = 1; i < words.size(); i++) {
            String word = words.get(i);
            String option = word.equals("-o") && i + 1 < words.size() ? words.get(++i)
                    : word.startsWith("-o") ? word.substring(2) : null;
            if (option != null) {
                String[] keyValue = option.split("[=\\s]", 2);
                if (keyValue.length == 2 && SSH_COMMANDS.contains(keyValue[0].toLowerCase(Locale.ROOT))) {
                    found.lines().add(keyValue[1]);
                }
            } else if (word.equals("-F") && i + 1 < words.size() && !words.get(i + 1).equals("/dev/null")
                    || word.startsWith("-F") && word.length() > 2 && !word.equals("-F/dev/null")) {
                found.problems().add(program + " -F reads a configuration whose commands (ProxyCommand, "
                        + "LocalCommand) cannot be judged in advance");
            }
        }
    }

    /** socat runs a command for an {@code EXEC:} or {@code SYSTEM:} address. */
    private static void socat(List<String> words, Found found) {
        for (String word : words.subList(1, words.size())) {
            String upper = word.toUpperCase(Locale.ROOT);
            if (upper.startsWith("EXEC:") || upper.startsWith("SYSTEM:")) {
                String address = word.substring(word.indexOf(':') + 1);
                int comma = address.indexOf(',');
                found.lines().add(comma >= 0 ? address.substring(0, comma) : address);
            }
        }
    }

    /** The values of {@code options}: {@code -o value}, {@code --opt=value}, {@code -Ovalue}. */
    static List<String> valuesOf(List<String> words, Set<String> options) {
        List<String> values = new ArrayList<>();
        for (int i = 1; i < words.size(); i++) {
            String word = words.get(i);
            if (word.equals("--")) {
                break;
            }
            if (options.contains(word) && i + 1 < words.size()) {
                values.add(words.get(++i));
                continue;
            }
            for (String option : options) {
                if (option.startsWith("--") && word.startsWith(option + "=")) {
                    values.add(word.substring(option.length() + 1));
                } else if (!option.startsWith("--") && word.startsWith(option) && word.length() > option.length()
                        && !word.startsWith("--")) {
                    values.add(word.substring(option.length()));
                }
            }
        }
        return values;
    }

    /** Words as a line a shell parses back into the same words. */
    static String quoted(List<String> words) {
        StringBuilder line = new StringBuilder();
        for (String word : words) {
            line.append(line.isEmpty() ? "" : " ");
            if (word.contains("$") || word.contains("`")) {
                // Still an expansion when parsed again: the command it runs is not known.
                line.append('"').append(word.replace("\\", "\\\\").replace("\"", "\\\"")).append('"');
            } else {
                line.append("'").append(word.replace("'", "'\\''")).append("'");
            }
        }
        return line.toString();
    }
}
