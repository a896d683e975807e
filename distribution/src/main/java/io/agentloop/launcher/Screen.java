package io.agentloop.launcher;

import java.io.Console;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * What standard output is, decided once per command: a terminal (a status line and rendered
 * Markdown), with or without colours, able to show Unicode symbols or not. Piped output is plain:
 * the text exactly as the model wrote it.
 *
 * <p>Colours follow the usual rules: {@code output.color} ({@code --color}, {@code AGENTLOOP_COLOR})
 * {@code always} or {@code never}; with {@code auto}, the default, colours go on a terminal unless
 * {@code NO_COLOR} is set (to anything) or {@code TERM} is {@code dumb}. {@code always} renders
 * styled text into a pipe too.
 *
 * @param terminal standard output is a terminal: a status line may be drawn and erased
 * @param colour ANSI styles may be written
 * @param unicode the terminal's character set is UTF-8, so symbols (spinner, bullets) may be used
 * @param width columns of the terminal, for lines that must not wrap
 */
record Screen(boolean terminal, boolean colour, boolean unicode, int width) {
    /** Set by {@code bin/agentloop}: whether its standard output is a terminal, and its columns. */
    static final String TERMINAL_PROPERTY = "agentloop.terminal";
    static final String COLUMNS_PROPERTY = "agentloop.columns";

    static final Screen PLAIN = new Screen(false, false, false, 80);

    /** Whether answers are rendered (Markdown, styled tool lines) rather than written as they come. */
    boolean rendered() {
        return terminal || colour;
    }

    /**
     * The screen for this process's standard output.
     *
     * @param colourSetting {@code auto}, {@code always} or {@code never}
     * @throws ConfigLoader.ConfigurationException for another setting
     */
    static Screen detect(String colourSetting, UnaryOperator<String> env) {
        boolean terminal = Optional.ofNullable(System.getProperty(TERMINAL_PROPERTY)).map(Boolean::parseBoolean)
                .orElseGet(Screen::consoleIsTerminal);
        int width = Optional.ofNullable(System.getProperty(COLUMNS_PROPERTY)).or(() -> Optional.ofNullable(
                env.apply("COLUMNS"))).flatMap(Screen::number).filter(w -> w >= 20).orElse(80);
        return of(colourSetting, terminal, env, width);
    }

    /** The values of {@code output.color}. */
    static final List<String> COLOURS = List.of("auto", "always", "never");

    static Screen of(String colourSetting, boolean terminal, UnaryOperator<String> env, int width) {
        String locale = firstSet(env, "LC_ALL", "LC_CTYPE", "LANG").toLowerCase(Locale.ROOT);
        boolean unicode = locale.contains("utf-8") || locale.contains("utf8");
        boolean colour = switch (colourSetting.strip().toLowerCase(Locale.ROOT)) {
            case "always" -> true;
            case "never" -> false;
            case "auto" -> terminal && empty(env.apply("NO_COLOR")) && !"dumb".equals(env.apply("TERM"));
            default -> throw new ConfigLoader.ConfigurationException("output.color must be auto, always or never, "
                    + "not '" + colourSetting + "'");
        };
        return new Screen(terminal, colour, unicode, width);
    }

    private static String firstSet(UnaryOperator<String> env, String... names) {
        for (String name : names) {
            String value = env.apply(name);
            if (!empty(value)) {
                return value;
            }
        }
        return "";
    }

    private static boolean empty(String value) {
        return value == null || value.isEmpty();
    }

    private static Optional<Integer> number(String text) {
        try {
            return Optional.of(Integer.parseInt(text.strip()));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** Without the launcher script's word: a console that is a terminal at both ends. */
    private static boolean consoleIsTerminal() {
        Console console = System.console();
        return console != null && RunCommand.interactive(console);
    }
}
