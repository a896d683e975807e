package io.agentloop.api.setting;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * One setting an extension reads from the configuration: its name, the type of its value, its
 * default and one line of help. A model provider declares its {@code providers.<id>.*} settings
 * ({@link io.agentloop.api.model.ModelProvider#settings()}), a plugin its {@code plugins.<id>.*}
 * ({@link io.agentloop.api.plugin.PluginSettings}); the launcher refuses a key no setting declares
 * (naming the nearest one) and a value of the wrong type, and lists them in {@code agentloop plugins}.
 * A name ending in {@code .*} stands for every key below it ({@code header.*}). Immutable.
 *
 * <pre>{@code
 * List<Setting> settings = List.of(
 *         Setting.text("file", "where the audit lines go").withDefault("audit.jsonl in the plugin's data folder"),
 *         Setting.wholeNumber("max-lines", "lines kept before the file is rotated").withDefault("10000"),
 *         Setting.oneOf("level", "what is written", List.of("calls", "everything")).withDefault("calls"));
 * }</pre>
 *
 * @param name         the key below the extension's section, lower case with dashes and dots
 * @param type         what the value must be
 * @param defaultValue the value used when the key is not set, as the user would write it (or a few
 *                     words saying what happens), empty when there is none
 * @param help         one line saying what it does
 * @param choices      the values allowed (compared without regard to case), empty for any of the type
 */
public record Setting(String name, Type type, Optional<String> defaultValue, String help, List<String> choices) {

    /** What a value must be. */
    public enum Type {
        TEXT("a single value"),
        WHOLE_NUMBER("a whole number"),
        NUMBER("a number"),
        BOOLEAN("true or false"),
        /** {@code 500ms}, {@code 30s}, {@code 2m} or ISO-8601 {@code PT30S}. */
        DURATION("a duration such as 500ms, 30s or 2m"),
        /** Comma-separated values, or a list in the file. */
        LIST("a list of values");

        private final String expected;

        Type(String expected) {
            this.expected = expected;
        }

        /** What a value of this type is, in words ("a whole number"). */
        public String expected() {
            return expected;
        }

        private boolean fits(String value) {
            String v = value.strip();
            return switch (this) {
                case TEXT, LIST -> true;
                case WHOLE_NUMBER -> v.matches("[+-]?\\d+");
                case NUMBER -> v.matches("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");
                case BOOLEAN -> v.equalsIgnoreCase("true") || v.equalsIgnoreCase("false");
                case DURATION -> v.toLowerCase(Locale.ROOT).matches("\\d+(\\.\\d+)?(ms|s|m|h)?|pt.+");
            };
        }
    }

    /**
     * @throws IllegalArgumentException when the name is blank or the help is missing
     */
    public Setting {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(defaultValue, "defaultValue");
        Objects.requireNonNull(help, "help");
        choices = List.copyOf(choices);
        if (name.isBlank() || help.isBlank()) {
            throw new IllegalArgumentException("a setting needs a name and one line of help, found name '" + name
                    + "' and help '" + help + "'");
        }
    }

    public static Setting text(String name, String help) {
        return new Setting(name, Type.TEXT, Optional.empty(), help, List.of());
    }

    public static Setting wholeNumber(String name, String help) {
        return new Setting(name, Type.WHOLE_NUMBER, Optional.empty(), help, List.of());
    }

    public static Setting number(String name, String help) {
        return new Setting(name, Type.NUMBER, Optional.empty(), help, List.of());
    }

    public static Setting bool(String name, String help) {
        return new Setting(name, Type.BOOLEAN, Optional.empty(), help, List.of());
    }

    public static Setting duration(String name, String help) {
        return new Setting(name, Type.DURATION, Optional.empty(), help, List.of());
    }

    public static Setting list(String name, String help) {
        return new Setting(name, Type.LIST, Optional.empty(), help, List.of());
    }

    /** A text setting that takes one of {@code choices}. */
    public static Setting oneOf(String name, String help, List<String> choices) {
        return new Setting(name, Type.TEXT, Optional.empty(), help, choices);
    }

    /** This setting with a default. */
    public Setting withDefault(String value) {
        return new Setting(name, type, Optional.of(value), help, choices);
    }

    /** Whether {@code key} is this setting: its name, or a key below it when the name ends in {@code .*}. */
    public boolean matches(String key) {
        return name.endsWith(".*") ? key.startsWith(name.substring(0, name.length() - 1)) : name.equals(key);
    }

    /** What {@code value} should have been ("a whole number", "one of low, medium, high"), or empty when it fits. */
    public Optional<String> mismatch(String value) {
        if (!type.fits(value)) {
            return Optional.of(type.expected);
        }
        if (!choices.isEmpty() && choices.stream().noneMatch(value.strip()::equalsIgnoreCase)) {
            return Optional.of("one of " + String.join(", ", choices));
        }
        return Optional.empty();
    }

    /** {@code name (type, default ...): help}, as {@code agentloop plugins} lists it. */
    @Override
    public String toString() {
        return name + " (" + (choices.isEmpty() ? type.expected : "one of " + String.join(", ", choices))
                + defaultValue.map(d -> ", default " + d).orElse("") + "): " + help;
    }
}
