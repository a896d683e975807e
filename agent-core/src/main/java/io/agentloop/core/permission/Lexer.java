package io.agentloop.core.permission;

import java.util.List;

/**
 * Reads a shell command line into words, separators and redirections (see {@link ShellParser}).
 * What it cannot judge (substitutions, unterminated quotes) goes into the problem list; it keeps
 * reading so every problem is reported.
 */
final class Lexer {
    private final String line;
    private final List<String> problems;
    private int pos;

    Lexer(String line, List<String> problems) {
        this.line = line;
        this.problems = problems;
    }

    /** The next token, or null at the end. */
    ShellParser.Token next() {
        skipBlanks();
        if (pos >= line.length()) {
            return null;
        }
        char c = line.charAt(pos);
        if (c == '#') {
            while (pos < line.length() && line.charAt(pos) != '\n') {
                pos++;
            }
            return next();
        }
        if (c == '\n' || c == ';' || c == '(' || c == ')') {
            pos += c == ';' && peek(1) == ';' ? 2 : 1;
            return new ShellParser.Token.Separator(String.valueOf(c));
        }
        if (c == '|') {
            pos += peek(1) == '|' || peek(1) == '&' ? 2 : 1;
            return new ShellParser.Token.Separator("|");
        }
        if (c == '&') {
            if (peek(1) == '>') {
                return redirect();
            }
            pos += peek(1) == '&' ? 2 : 1;
            return new ShellParser.Token.Separator("&");
        }
        if ((c == '<' || c == '>') && peek(1) == '(') {
            problems.add("process substitution " + c + "(...) cannot be judged");
            pos += 2;
            return new ShellParser.Token.Separator("(");
        }
        if (c == '<' || c == '>') {
            return redirect();
        }
        return word();
    }

    private ShellParser.Token redirect() {
        String[] operators = {"&>>", "&>", "<<<", "<<-", "<<", "<>", "<&", "<", ">>", ">|", ">&", ">"};
        for (String operator : operators) {
            if (line.startsWith(operator, pos)) {
                pos += operator.length();
                return new ShellParser.Token.Redirect(operator);
            }
        }
        throw new IllegalStateException("not a redirection at " + pos);
    }

    private ShellParser.Token word() {
        StringBuilder text = new StringBuilder();
        boolean dynamic = false;
        boolean quoted = false;
        boolean assignment = false;
        boolean nameSoFar = true;
        while (pos < line.length()) {
            char c = line.charAt(pos);
            if (c == ' ' || c == '\t' || c == '\n' || c == ';' || c == '&' || c == '|' || c == '(' || c == ')') {
                break;
            }
            if (c == '<' || c == '>') {
                if (!quoted && !text.isEmpty() && text.chars().allMatch(Character::isDigit)) {
                    ShellParser.Token redirect = redirect();
                    return new ShellParser.Token.Redirect(text + ((ShellParser.Token.Redirect) redirect).operator());
                }
                break;
            }
            boolean append = c == '+' && peek(1) == '=' && !text.isEmpty(); // NAME+=value assigns too
            if (c == '=' && nameSoFar && !text.isEmpty() && !assignment) {
                assignment = true;
            } else if (!(Character.isLetterOrDigit(c) || c == '_' || append) || quoted) {
                nameSoFar = false;
            }
            switch (c) {
                case '\'' -> {
                    quoted = true;
                    int end = line.indexOf('\'', pos + 1);
                    if (end < 0) {
                        problems.add("an unterminated single quote");
                        text.append(line, pos + 1, line.length());
                        pos = line.length();
                    } else {
                        text.append(line, pos + 1, end);
                        pos = end + 1;
                    }
                }
                case '"' -> {
                    quoted = true;
                    dynamic |= doubleQuoted(text);
                }
                case '\\' -> {
                    quoted = true;
                    if (pos + 1 < line.length() && line.charAt(pos + 1) != '\n') {
                        text.append(line.charAt(pos + 1));
                    }
                    pos += 2;
                }
                case '`' -> {
                    problems.add("command substitution with backticks cannot be judged");
                    int end = line.indexOf('`', pos + 1);
                    text.append(line, pos, end < 0 ? line.length() : end + 1);
                    pos = end < 0 ? line.length() : end + 1;
                    dynamic = true;
                }
                case '$' -> dynamic |= dollar(text);
                default -> {
                    dynamic |= expands(c);
                    text.append(c);
                    pos++;
                }
            }
        }
        return new ShellParser.Word(text.toString(), dynamic, assignment, quoted);
    }

    /**
     * Whether an unquoted character at pos makes the word expand when the shell runs it: a
     * pattern ({@code *}, {@code ?}, a closed {@code [...]}) matches file names, and braces with a
     * comma or {@code ..} ({@code {rm,-rf,x}}) make several words.
     */
    private boolean expands(char c) {
        return switch (c) {
            case '*', '?' -> true;
            case '[' -> closedBefore(']');
            case '{' -> {
                int end = closingIndex('}');
                String inside = end < 0 ? "" : line.substring(pos + 1, end);
                yield inside.contains(",") || inside.contains("..");
            }
            default -> false;
        };
    }

    private boolean closedBefore(char close) {
        return closingIndex(close) > pos + 1;
    }

    /** Where {@code close} ends the current word's part, or -1. */
    private int closingIndex(char close) {
        for (int i = pos + 1; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == close) {
                return i;
            }
            if (c == ' ' || c == '\t' || c == '\n' || c == ';' || c == '&' || c == '|') {
                return -1;
            }
        }
        return -1;
    }

    /** Reads a double-quoted part (the opening quote at pos); returns whether it expands anything. */
    private boolean doubleQuoted(StringBuilder text) {
        boolean dynamic = false;
        pos++;
        while (pos < line.length()) {
            char c = line.charAt(pos);
            if (c == '"') {
                pos++;
                return dynamic;
            }
            if (c == '\\' && pos + 1 < line.length() && "$`\"\\\n".indexOf(line.charAt(pos + 1)) >= 0) {
                text.append(line.charAt(pos + 1));
                pos += 2;
            } else if (c == '$') {
                dynamic |= dollar(text);
            } else if (c == '`') {
                problems.add("command substitution with backticks cannot be judged");
                dynamic = true;
                text.append(c);
                pos++;
            } else {
                text.append(c);
                pos++;
            }
        }
        problems.add("an unterminated double quote");
        return dynamic;
    }

    /** Reads a {@code $} expansion (at pos) into the text; returns whether it is dynamic. */
    private boolean dollar(StringBuilder text) {
        char next = peek(1);
        if (next == '\'' || next == '"') {
            problems.add(next == '\'' ? "ANSI-C quoting $'...' cannot be judged" : "locale quoting $\"...\" cannot be judged");
            text.append('$');
            pos++;
            return true;
        }
        if (next == '(') {
            problems.add(peek(2) == '(' ? "arithmetic expansion $((...)) cannot be judged"
                    : "command substitution $(...) cannot be judged");
            int depth = 0;
            int start = pos;
            while (pos < line.length()) {
                char c = line.charAt(pos++);
                if (c == '(') {
                    depth++;
                } else if (c == ')' && --depth == 0) {
                    break;
                }
            }
            text.append(line, start, pos);
            return true;
        }
        if (next == '{') {
            int end = line.indexOf('}', pos);
            int stop = end < 0 ? line.length() : end + 1;
            text.append(line, pos, stop);
            pos = stop;
            return true;
        }
        if (Character.isLetter(next) || next == '_') {
            int start = pos++;
            while (pos < line.length() && (Character.isLetterOrDigit(line.charAt(pos)) || line.charAt(pos) == '_')) {
                pos++;
            }
            text.append(line, start, pos);
            return true;
        }
        if (Character.isDigit(next) || "?#@*!$-".indexOf(next) >= 0 && next != 0) {
            text.append(line, pos, pos + 2);
            pos += 2;
            return true;
        }
        text.append('$');
        pos++;
        return false;
    }

    private char peek(int ahead) {
        int at = pos + ahead;
        return at < line.length() ? line.charAt(at) : 0;
    }

    private void skipBlanks() {
        while (pos < line.length() && (line.charAt(pos) == ' ' || line.charAt(pos) == '\t'
                || (line.charAt(pos) == '\\' && peek(1) == '\n'))) {
            pos += line.charAt(pos) == '\\' ? 2 : 1;
        }
    }
}
