package io.agentloop.core.permission;

import java.util.List;

/**
 * A shell command line cut into what permission rules judge: its simple commands (each with its
 * words after quote removal), the files it redirects to or from, and what could not be judged
 * safely ({@code $(...)}, backticks, {@code eval}, {@code bash -c} with a dynamic string...).
 *
 * @param commands  the simple commands, in order, wrappers such as {@code timeout} or {@code env}
 *                  removed and the commands run by {@code bash -c '...'}, {@code xargs} or
 *                  {@code find -exec} included, and those a program runs by its own syntax
 *                  ({@code git -c alias.x='!cmd' x}, {@code less +!cmd})
 * @param writes    files written by {@code >}, {@code >>} and the like
 * @param reads     files read by {@code <}
 * @param problems  why the line cannot be judged safely; empty when it can
 * @param possibleCommands commands a program that runs commands ({@code watch}, {@code chroot},
 *                  {@code flock}...) may run, depending on options and operands that are not
 *                  modelled for each program: a deny or ask rule matching one applies to the line
 */
public record ShellScript(List<SimpleCommand> commands, List<String> writes, List<String> reads,
                          List<String> problems, List<SimpleCommand> possibleCommands) {
    public ShellScript {
        possibleCommands = List.copyOf(possibleCommands);
        commands = List.copyOf(commands);
        writes = List.copyOf(writes);
        reads = List.copyOf(reads);
        problems = List.copyOf(problems);
    }

    /** One simple command: the program and its arguments, quotes removed. */
    public record SimpleCommand(List<String> words) {
        public SimpleCommand {
            words = List.copyOf(words);
        }

        /** The command as rules match it: the program's base name, then its arguments, one space apart. */
        public String text() {
            if (words.isEmpty()) {
                return "";
            }
            StringBuilder text = new StringBuilder(baseName(words.get(0)));
            for (int i = 1; i < words.size(); i++) {
                text.append(' ').append(words.get(i));
            }
            return text.toString();
        }

        /** A program's name without its folder ({@code /bin/rm} is {@code rm}). */
        static String baseName(String program) {
            int slash = program.lastIndexOf('/');
            return slash >= 0 && slash < program.length() - 1 ? program.substring(slash + 1) : program;
        }
    }

    public boolean judgeable() {
        return problems.isEmpty();
    }
}
