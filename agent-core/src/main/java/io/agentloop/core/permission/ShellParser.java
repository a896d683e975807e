package io.agentloop.core.permission;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Cuts a POSIX shell command line into simple commands for the permission rules. It understands
 * quoting (single, double, backslash), the separators {@code && || ; | |& &} and newlines,
 * subshells and groups, comments, assignments before a command and redirections. It does not try
 * to understand what it cannot judge: command and process substitution, ANSI-C quoting, a command
 * name that expands ({@code r${X}m}, {@code /bin/r?}, {@code {rm,x}}), here-documents, {@code eval},
 * aliases, a shell or an interpreter running code inline, from a file or from its input, a program
 * run from a path outside the system folders (a script written during the run), and assignments
 * that change which program runs ({@code PATH}, {@code LD_PRELOAD}). Those are reported as
 * problems: no allow rule matches a line that has one, and a deny rule on the tool denies it.
 * Commands a program runs by its own syntax ({@code git -c alias.x='!cmd'}, {@code less +!cmd},
 * {@code make -E}) are found by {@link EmbeddedCommands} and judged with the line's own.
 * A parser can always be fooled, so this is a convenience; the command sandbox is the boundary.
 *
 * <p>The parser is one file because its steps call one another recursively (a shell, a wrapper or
 * {@code find -exec} hands the rest of a line back to it) under one nesting limit, and the whole
 * grammar is checked best when it is read in one place.
 */
public final class ShellParser {
    private static final Set<String> SHELLS = Set.of("bash", "sh", "zsh", "dash", "ksh", "fish", "ash", "csh",
            "tcsh", "mksh", "yash", "posh", "oksh", "loksh", "ksh93", "rc", "es", "elvish", "nu", "xonsh");
    /** Programs that run the rest of their words as a command; they are judged by that command. */
    private static final Set<String> WRAPPERS = Set.of("timeout", "nice", "nohup", "time", "command", "builtin",
            "exec", "env", "stdbuf", "ionice", "sudo", "doas", "setsid", "busybox", "toybox", "unbuffer", "chronic");
    private static final Set<String> EVALUATORS = Set.of("eval", "source", ".", "trap", "alias", "shopt", "hash",
            "enable");
    /** Programs that run code given inline, in a file or on their input. */
    private static final Pattern INTERPRETERS = Pattern.compile("(python|perl|ruby|lua|php|pypy)[0-9.]*"
            + "|node|nodejs|deno|bun|tclsh|wish|expect|[gmn]?awk|osascript|pwsh|powershell|Rscript|jshell|groovy"
            + "|java|scala|kotlin|julia|guile|racket|sbcl|clisp|gdb|lldb|vim|vi|nvim|emacs|ed|ex|dc|m4|sqlite3|psql"
            + "|mysql|mariadb");
    /** Variables that decide which program or code runs. */
    private static final Pattern RUNTIME_VARIABLES = Pattern.compile("(PATH|LD_PRELOAD|LD_LIBRARY_PATH|LD_AUDIT"
            + "|BASH_ENV|ENV|IFS|PROMPT_COMMAND|PS0|PS1|PS2|PS4|SHELLOPTS|BASHOPTS|BASH_FUNC_.*|PYTHONPATH"
            + "|PYTHONSTARTUP|NODE_OPTIONS|PERL5OPT|PERL5LIB|RUBYOPT|GIT_[A-Z_]*|DYLD_.*|LESS|LESSKEY[A-Z_]*|MANOPT"
            + "|MAKEFLAGS|MFLAGS|GNUMAKEFLAGS|MAKEFILES)(\\+)?=.*");
    /** {@code a[$(cmd)]}: bash runs the command when such a value is read as a number ({@code ((x))}, {@code let}). */
    private static final Pattern ARITHMETIC_PAYLOAD = Pattern.compile("\\[[^=]*(\\$\\(|`)");
    private static final Set<String> DECLARATIONS = Set.of("export", "declare", "typeset", "readonly", "local");
    /** Where system programs live: a program run from anywhere else may be a file written during the run. */
    private static final List<String> SYSTEM_FOLDERS = List.of("/usr/bin/", "/bin/", "/usr/sbin/", "/sbin/",
            "/usr/local/bin/", "/usr/local/sbin/", "/opt/homebrew/bin/");
    /** Words that start or end compound commands; the command they lead into is judged. */
    private static final Set<String> RESERVED = Set.of("if", "then", "else", "elif", "fi", "do", "done", "while",
            "until", "!", "{", "}");
    private static final int MAX_DEPTH = 4;
    /** Programs that run commands, nested, whose possible commands are still worked out. */
    private static final int MAX_RUNNER_DEPTH = 3;
    /** Possible starts of the command one such program runs. */
    private static final int MAX_RUNNER_STARTS = 24;
    /** Lines parsed in all for possible commands: a line of nested runners must not take long to judge. */
    private static final int MAX_RUNNER_LINES = 200;
    /** Words of one such program, beyond which its possible commands are not worked out. */
    private static final int MAX_RUNNER_WORDS = 256;

    private ShellParser() {
    }

    public static ShellScript parse(String line) {
        Collector out = new Collector();
        parseInto(line, out, 0);
        return new ShellScript(out.commands, out.writes, out.reads, out.problems, out.possible);
    }

    private static void parseInto(String line, Collector out, int depth) {
        if (depth > MAX_DEPTH) {
            out.problems.add("shells nested too deeply to judge");
            return;
        }
        Lexer lexer = new Lexer(line, out.problems);
        List<Word> words = new ArrayList<>();
        for (Token token = lexer.next(); token != null; token = lexer.next()) {
            switch (token) {
                case Token.Separator separator -> {
                    finish(words, out, depth);
                    words = new ArrayList<>();
                }
                case Token.Redirect redirect -> {
                    Token target = lexer.next();
                    if (!(target instanceof Word file)) {
                        out.problems.add("a redirection '" + redirect.operator() + "' without a target");
                        continue;
                    }
                    redirect(redirect.operator(), file, out);
                }
                case Word word -> words.add(word);
            }
        }
        finish(words, out, depth);
    }

    private static void redirect(String operator, Word file, Collector out) {
        if (operator.equals("<<") || operator.equals("<<-")) {
            out.problems.add("a here-document (<<) cannot be judged");
            return;
        }
        if (operator.equals("<<<")) {
            return;
        }
        String target = file.text();
        if (target.startsWith("&") || (operator.endsWith("&") && target.matches("\\d+|-"))) {
            return;
        }
        if (file.dynamic()) {
            out.problems.add("a redirection to a variable path (" + target + ")");
            return;
        }
        if (target.equals("/dev/null") || target.equals("/dev/stdout") || target.equals("/dev/stderr")) {
            return;
        }
        if (operator.startsWith("<")) {
            out.reads.add(target);
        } else {
            out.writes.add(target);
        }
    }

    /** Judges the words of one simple command: strips assignments and wrappers, follows nested commands. */
    private static void finish(List<Word> words, Collector out, int depth) {
        int start = 0;
        while (start < words.size() && words.get(start).assignment()) {
            runtimeVariable(words.get(start), out, depth);
            start++;
        }
        List<Word> command = words.subList(start, words.size());
        if (command.isEmpty()) {
            return;
        }
        Word program = command.get(0);
        if (program.dynamic()) {
            out.problems.add("the command name expands when it runs (a variable, a pattern or braces: " + program.text()
                    + ")");
            return;
        }
        String name = baseName(program.text());
        if (EVALUATORS.contains(name)) {
            out.problems.add("'" + name + "' runs code, or changes what later commands run, which cannot be judged "
                    + "in advance");
            return;
        }
        if (INTERPRETERS.matcher(name).matches()) {
            out.problems.add("'" + name + "' runs code (inline, from a file or from its input) that cannot be judged "
                    + "in advance");
            out.commands.add(simple(command));
            return;
        }
        if (program.text().contains("/") && SYSTEM_FOLDERS.stream().noneMatch(program.text()::startsWith)) {
            out.problems.add("'" + program.text() + "' runs a file whose commands cannot be judged in advance");
            out.commands.add(simple(command));
            return;
        }
        if (DECLARATIONS.contains(name)) {
            command.subList(1, command.size()).forEach(word -> runtimeVariable(word, out, depth));
        }
        if (RESERVED.contains(name) && !program.quoted()) {
            finish(new ArrayList<>(command.subList(1, command.size())), out, depth);
            return;
        }
        if (name.equals("for") || name.equals("select")) {
            return; // "for NAME in WORDS": data, not a command; what the loop runs comes after "do"
        }
        if (name.equals("case") || name.equals("function") || name.equals("coproc")) {
            out.problems.add("a '" + name + "' construct cannot be judged piece by piece");
            return;
        }
        if (name.equals("env") && command.stream().anyMatch(w -> w.text().startsWith("-S")
                || w.text().startsWith("--split-string"))) {
            out.problems.add("env -S splits a string into a command, which cannot be judged in advance");
            out.commands.add(simple(command));
            return;
        }
        boolean outermostRunner = !out.unwrapping;
        if (CommandRunners.runsCommand(name) && outermostRunner) {
            possibleCommands(name, command, out, depth);
        }
        if (WRAPPERS.contains(name)) {
            List<Word> inner = unwrap(name, command);
            // The wrapper's own words count too: env PATH=. x changes what runs as PATH=. x does.
            command.subList(1, command.size() - inner.size()).forEach(word -> runtimeVariable(word, out, depth));
            if (!inner.isEmpty()) {
                // The outermost runner's possible commands already cover those of the runners it wraps.
                out.unwrapping = true;
                finish(new ArrayList<>(inner), out, depth);
                out.unwrapping = !outermostRunner;
                return;
            }
        }
        out.commands.add(simple(command));
        embedded(name, command, out, depth);
        if (SHELLS.contains(name)) {
            shell(command, out, depth);
        } else if (name.equals("xargs")) {
            finish(new ArrayList<>(afterOptions(command, Set.of("-I", "-n", "-P", "-d", "-L", "-s", "-E", "-a"))),
                    out, depth);
        } else if (name.equals("find")) {
            findExec(command, out, depth);
        }
    }

    /**
     * The commands a program that runs a command may run: which of its words are its own options
     * and operands differs from program to program ({@code watch -n 1}, {@code chroot DIR},
     * {@code flock FILE}, {@code uv run}), so every word that is not an option is taken as a
     * possible start, and a word that is a line for a shell ({@code su -c '...'}, all of
     * {@code watch}'s words) is parsed as one. A deny or ask rule matching any of them applies to
     * the line; allow rules judge the line as written.
     */
    private static void possibleCommands(String runner, List<Word> command, Collector out, int depth) {
        if (out.runnerDepth >= MAX_RUNNER_DEPTH || out.runnerLines[0] >= MAX_RUNNER_LINES) {
            tooDeep(out);
            return;
        }
        if (command.size() > MAX_RUNNER_WORDS) {
            out.problems.add("'" + runner + "' is given too many words to judge which command it runs");
            return;
        }
        List<String> texts = command.stream().map(Word::text).toList();
        if (CommandRunners.joinsIntoShellLine(runner, texts)) {
            // The program hands a shell one line: what the shell would not let through is a problem here too.
            possibleLine(String.join(" ", texts.subList(firstOperand(texts), texts.size())), true, out, depth);
        }
        int starts = 0;
        for (int i = 1; i < command.size(); i++) {
            String text = texts.get(i);
            if (text.startsWith("-")) {
                if (CommandRunners.shellLineOption(text) && i + 1 < command.size()) {
                    possibleLine(texts.get(i + 1), true, out, depth);
                }
                continue;
            }
            if (++starts > MAX_RUNNER_STARTS) {
                out.problems.add("'" + runner + "' has too many words to judge which command it runs");
                return;
            }
            StringBuilder line = new StringBuilder();
            for (Word word : command.subList(i, command.size())) {
                line.append(requoted(word)).append(' ');
            }
            // Only the first start's problems count: a later one is usually an argument (grep "$P", ./file).
            possibleLine(line.toString(), starts == 1, out, depth);
            if (text.contains(" ")) {
                possibleLine(text, false, out, depth); // tmux new 'rm f': a word can be a line for a shell
            }
        }
    }

    private static void possibleLine(String line, boolean problems, Collector out, int depth) {
        if (out.runnerLines[0] >= MAX_RUNNER_LINES) {
            tooDeep(out);
            return;
        }
        Collector inner = new Collector(out.runnerLines);
        inner.runnerDepth = out.runnerDepth + 1;
        out.runnerLines[0]++;
        parseInto(line, inner, depth + 1);
        out.possible.addAll(inner.commands);
        out.possible.addAll(inner.possible);
        if (problems) {
            // A line a shell runs: its redirections are files it touches.
            out.problems.addAll(inner.problems);
            out.writes.addAll(inner.writes);
            out.reads.addAll(inner.reads);
        }
    }

    private static void tooDeep(Collector out) {
        String problem = "programs that run commands are nested too deeply to judge which command runs";
        if (!out.problems.contains(problem)) {
            out.problems.add(problem);
        }
    }

    private static int firstOperand(List<String> texts) {
        int i = 1;
        while (i < texts.size() && texts.get(i).startsWith("-")) {
            i += texts.get(i).matches("-[nq]|--interval|--equexit") ? 2 : 1; // watch's options with a value
        }
        return Math.min(i, texts.size());
    }

    /** A word quoted back so that parsing it again gives the same word, a variable still a variable. */
    private static String requoted(Word word) {
        if (word.dynamic()) {
            return "\"" + word.text().replace("\\", "\\\\").replace("\"", "\\\"").replace("`", "\\`") + "\"";
        }
        return "'" + word.text().replace("'", "'\\''") + "'";
    }

    private static void shell(List<Word> command, Collector out, int depth) {
        String shell = baseName(command.get(0).text());
        for (int i = 1; i < command.size(); i++) {
            String word = command.get(i).text();
            if (word.equals("-o") || word.equals("+o")) {
                i++;
                continue;
            }
            if (!word.startsWith("-") && !word.startsWith("+")) {
                out.problems.add(shell + " runs the script " + word + ", whose commands cannot be judged in advance");
                return;
            }
            if (word.startsWith("-") && word.contains("c") && !word.startsWith("--")) {
                if (i + 1 >= command.size()) {
                    out.problems.add(baseName(command.get(0).text()) + " -c without a command");
                } else if (command.get(i + 1).dynamic()) {
                    out.problems.add(baseName(command.get(0).text()) + " -c with a dynamic string ("
                            + command.get(i + 1).text() + ")");
                } else {
                    parseInto(command.get(i + 1).text(), out, depth + 1);
                }
                return;
            }
        }
        out.problems.add(shell + " reads its commands from its input, which cannot be judged in advance");
    }

    /**
     * An assignment to a variable that decides which program or code runs is a problem; one whose
     * value is a command that programs run ({@code PAGER}, {@code EDITOR}) is judged as that command.
     */
    private static void runtimeVariable(Word word, Collector out, int depth) {
        if (RUNTIME_VARIABLES.matcher(word.text()).matches()) {
            out.problems.add("setting " + word.text().substring(0, word.text().indexOf('=')).replace("+", "")
                    + " changes which program or code runs, which cannot be judged in advance");
        }
        EmbeddedCommands.variable(word.text()).ifPresent(line -> parseInto(line, out, depth + 1));
        if (word.assignment() && ARITHMETIC_PAYLOAD.matcher(word.text()).find()) {
            out.problems.add("the value of " + word.text().substring(0, word.text().indexOf('=')) + " holds a "
                    + "command in an array subscript, which bash runs wherever it reads the value as a number");
        }
    }

    /** What the program runs by its own syntax ({@code git -c alias.x='!cmd'}, {@code less +!cmd}...). */
    private static void embedded(String name, List<Word> command, Collector out, int depth) {
        EmbeddedCommands.Found found = EmbeddedCommands.in(name, command.stream().map(Word::text).toList());
        out.problems.addAll(found.problems());
        found.lines().forEach(line -> parseInto(line, out, depth + 1));
        found.possible().forEach(line -> possibleLine(line, false, out, depth));
    }

    private static void findExec(List<Word> command, Collector out, int depth) {
        for (int i = 1; i < command.size(); i++) {
            String word = command.get(i).text();
            if (word.equals("-exec") || word.equals("-execdir") || word.equals("-ok") || word.equals("-okdir")) {
                List<Word> inner = new ArrayList<>();
                for (i = i + 1; i < command.size(); i++) {
                    String w = command.get(i).text();
                    if (w.equals(";") || w.equals("+")) {
                        break;
                    }
                    inner.add(command.get(i));
                }
                finish(inner, out, depth);
            }
        }
    }

    /** The command a wrapper runs: its words after the wrapper's own options and arguments. */
    private static List<Word> unwrap(String wrapper, List<Word> command) {
        int i = 1;
        while (i < command.size()) {
            Word word = command.get(i);
            String text = word.text();
            if (text.startsWith("-")) {
                i++;
                if ((wrapper.equals("nice") && text.equals("-n")) || (wrapper.equals("timeout")
                        && (text.equals("-s") || text.equals("-k") || text.equals("--signal")
                        || text.equals("--kill-after"))) || (wrapper.equals("env") && (text.equals("-u")
                        || text.equals("-C") || text.equals("-S"))) || ((wrapper.equals("sudo")
                        || wrapper.equals("doas")) && text.matches("-[ugCDhprtTU]"))
                        || (wrapper.equals("ionice") && text.matches("-[cnpPu]"))
                        || (wrapper.equals("stdbuf") && text.matches("-[ioe]"))) {
                    i++;
                }
            } else if (wrapper.equals("env") && word.assignment()) {
                i++;
            } else if (wrapper.equals("timeout") && text.matches("[0-9.]+[smhd]?")) {
                i++;
            } else {
                break;
            }
        }
        return command.subList(Math.min(i, command.size()), command.size());
    }

    private static List<Word> afterOptions(List<Word> command, Set<String> withValue) {
        int i = 1;
        while (i < command.size() && command.get(i).text().startsWith("-")) {
            i += withValue.contains(command.get(i).text()) ? 2 : 1;
        }
        return command.subList(Math.min(i, command.size()), command.size());
    }

    private static ShellScript.SimpleCommand simple(List<Word> words) {
        return new ShellScript.SimpleCommand(words.stream().map(Word::text).toList());
    }

    private static String baseName(String program) {
        int slash = program.lastIndexOf('/');
        return slash >= 0 && slash < program.length() - 1 ? program.substring(slash + 1) : program;
    }

    private static final class Collector {
        final List<ShellScript.SimpleCommand> commands = new ArrayList<>();
        final List<String> writes = new ArrayList<>();
        final List<String> reads = new ArrayList<>();
        final List<String> problems = new ArrayList<>();
        final List<ShellScript.SimpleCommand> possible = new ArrayList<>();
        /** Lines parsed for possible commands so far, shared by the nested collectors of one parse. */
        final int[] runnerLines;
        int runnerDepth;
        /** Inside the command a wrapper runs, whose possible commands the wrapper's already hold. */
        boolean unwrapping;

        Collector() {
            this(new int[1]);
        }

        Collector(int[] runnerLines) {
            this.runnerLines = runnerLines;
        }
    }

    /** What the lexer produces. */
    sealed interface Token permits Token.Separator, Token.Redirect, Word {
        record Separator(String operator) implements Token {
        }

        record Redirect(String operator) implements Token {
        }
    }

    /**
     * A word after quote removal.
     *
     * @param dynamic    whether it holds an unquoted or double-quoted {@code $} expansion
     * @param assignment whether it is {@code NAME=value} (before a command)
     * @param quoted     whether any part of it was quoted or escaped
     */
    record Word(String text, boolean dynamic, boolean assignment, boolean quoted) implements Token {
    }
}
