package io.agentloop.launcher;

/**
 * ANSI text styles, or nothing when colours are off, and the symbols the terminal output uses
 * (Unicode, or ASCII where the character set is not UTF-8). Each style is closed by its own reset
 * (bold by "normal intensity", a colour by "default colour"), so styles nest: inline code inside a
 * bold heading keeps the heading bold after it.
 */
final class Style {
    private static final String CSI = "\u001b[";

    private final boolean colour;
    final String bullet;
    final String subBullet;
    final String bar;
    final String rule;
    final String toolMark;
    final String resultMark;
    final String failMark;
    final String[] spinner;

    Style(Screen screen) {
        this.colour = screen.colour();
        boolean u = screen.unicode();
        this.bullet = u ? "•" : "*";
        this.subBullet = u ? "◦" : "-";
        this.bar = u ? "│" : "|";
        this.rule = u ? "─" : "-";
        this.toolMark = u ? "●" : "*";
        this.resultMark = u ? "⎿" : "`-";
        this.failMark = u ? "✗" : "x";
        this.spinner = u ? new String[] {"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}
                : new String[] {"|", "/", "-", "\\"};
    }

    boolean coloured() {
        return colour;
    }

    String bold(String text) {
        return wrap(text, "1", "22");
    }

    String dim(String text) {
        return wrap(text, "2", "22");
    }

    String italic(String text) {
        return wrap(text, "3", "23");
    }

    String underline(String text) {
        return wrap(text, "4", "24");
    }

    String red(String text) {
        return wrap(text, "31", "39");
    }

    String green(String text) {
        return wrap(text, "32", "39");
    }

    String yellow(String text) {
        return wrap(text, "33", "39");
    }

    String blue(String text) {
        return wrap(text, "34", "39");
    }

    String magenta(String text) {
        return wrap(text, "35", "39");
    }

    String cyan(String text) {
        return wrap(text, "36", "39");
    }

    /** Erases the current line and returns to its start (spaces over it when colours are off). */
    String eraseLine(int width) {
        return colour ? "\r" + CSI + "2K" : "\r" + " ".repeat(Math.max(0, width - 1)) + "\r";
    }

    private String wrap(String text, String on, String off) {
        if (!colour || text.isEmpty()) {
            return text;
        }
        // a nested style of the same kind is closed by the same reset: reopen the outer one after it
        return CSI + on + "m" + text.replace(CSI + off + "m", CSI + off + "m" + CSI + on + "m") + CSI + off + "m";
    }
}
