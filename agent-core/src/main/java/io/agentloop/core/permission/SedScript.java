package io.agentloop.core.permission;

import java.util.List;
import java.util.Set;

/**
 * Whether a GNU sed script runs commands: the {@code e} command ({@code sed '1e rm f'}) and the
 * {@code e} flag of {@code s} ({@code s/x/rm f/e}) hand text to a shell, which cannot be judged
 * in advance. The script is read command by command (addresses, then one command and what it takes);
 * a script from a file, or one that cannot be read this way, is a problem too. {@code --sandbox}
 * makes sed refuse them, so a script under it is fine.
 */
final class SedScript {
    /** Commands that take nothing after them. */
    private static final String PLAIN = "=dDgGhHlnNpPxzFQqL";
    /** Commands that take the rest of the line: text, a file name or a label. */
    private static final String REST_OF_LINE = "aicrRwW";
    private static final String LABELS = "btT:v";
    private static final Set<String> WITH_VALUE = Set.of("-l", "--line-length");

    private final String script;
    private int pos;

    private SedScript(String script) {
        this.script = script;
    }

    static void judge(List<String> words, EmbeddedCommands.Found found) {
        if (words.contains("--sandbox")) {
            return;
        }
        List<String> scripts = EmbeddedCommands.valuesOf(words, Set.of("-e", "--expression"));
        if (!EmbeddedCommands.valuesOf(words, Set.of("-f", "--file")).isEmpty()) {
            found.problems().add("sed runs a script from a file, which may run commands (e) that cannot be judged in "
                    + "advance");
            return;
        }
        if (scripts.isEmpty()) {
            for (int i = 1; i < words.size(); i++) {
                if (WITH_VALUE.contains(words.get(i))) {
                    i++;
                } else if (!words.get(i).startsWith("-") || words.get(i).equals("-")) {
                    scripts = List.of(words.get(i));
                    break;
                }
            }
        }
        for (String script : scripts) {
            if (!new SedScript(script).runsNothing()) {
                found.problems().add("sed script '" + script + "' may run a command (e), which cannot be judged in "
                        + "advance");
                return;
            }
        }
    }

    /** Whether the script surely has no {@code e} command or flag. */
    private boolean runsNothing() {
        while (true) {
            skip(" \t\n;{}");
            if (pos >= script.length()) {
                return true;
            }
            if (!address() || pos >= script.length()) {
                return false;
            }
            char command = script.charAt(pos++);
            if (command == '#' || REST_OF_LINE.indexOf(command) >= 0 || LABELS.indexOf(command) >= 0) {
                untilEndOf(command == '#' || REST_OF_LINE.indexOf(command) >= 0 ? "\n" : "\n;}");
            } else if (command == 's') {
                if (!delimited(2)) {
                    return false;
                }
                int flags = pos;
                untilEndOf("\n;} \tw");
                if (script.substring(flags, pos).contains("e")) {
                    return false;
                }
                if (pos < script.length() && script.charAt(pos) == 'w') {
                    untilEndOf("\n");
                }
            } else if (command == 'y') {
                if (!delimited(2)) {
                    return false;
                }
            } else if (PLAIN.indexOf(command) >= 0) {
                skip("0123456789");
            } else {
                return false; // e, or what this reading does not know
            }
        }
    }

    /**
     * Skips one address or two: {@code 1}, {@code $}, {@code /re/}, {@code \%re%}, {@code 1,+2},
     * {@code 0~4}, then {@code !}.
     */
    private boolean address() {
        for (int part = 0; part < 2; part++) {
            skip(" \t");
            if (pos < script.length() && script.charAt(pos) == '/') {
                if (!delimited(1)) {
                    return false;
                }
                skip("IM");
            } else if (pos + 1 < script.length() && script.charAt(pos) == '\\') {
                pos++;
                if (!delimited(1)) {
                    return false;
                }
                skip("IM");
            } else {
                skip("0123456789$~+");
            }
            skip(" \t");
            if (part == 0 && pos < script.length() && script.charAt(pos) == ',') {
                pos++;
            } else {
                break;
            }
        }
        skip(" \t!");
        return true;
    }

    /** At a delimiter: skips {@code parts} delimited parts ({@code /re/} is one, {@code /re/new/} two). */
    private boolean delimited(int parts) {
        if (pos >= script.length()) {
            return false;
        }
        char delimiter = script.charAt(pos++);
        for (int part = 0; part < parts; part++) {
            while (pos < script.length() && script.charAt(pos) != delimiter) {
                pos += script.charAt(pos) == '\\' ? 2 : 1;
            }
            if (pos >= script.length()) {
                return false;
            }
            pos++;
        }
        return true;
    }

    private void skip(String characters) {
        while (pos < script.length() && characters.indexOf(script.charAt(pos)) >= 0) {
            pos++;
        }
    }

    private void untilEndOf(String ends) {
        while (pos < script.length() && ends.indexOf(script.charAt(pos)) < 0) {
            pos++;
        }
    }
}
