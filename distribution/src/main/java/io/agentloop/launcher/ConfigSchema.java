package io.agentloop.launcher;

import io.agentloop.core.text.Nearest;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;

/**
 * Every key the configuration files may hold, with the type of its value, in one place: a key the
 * launcher reads and this list lacks could not be set, and a key this list lacks is refused, so a
 * misspelled deny rule fails loudly instead of doing nothing. Keys are dotted paths; {@code *}
 * stands for any one name (a provider id). A new key the launcher reads is added here.
 */
final class ConfigSchema {
    /** What a value must be. */
    enum Type {
        TEXT("a single value"),
        WHOLE_NUMBER("a whole number"),
        AMOUNT("a number"),
        BOOLEAN("true or false"),
        /** 500ms, 30s, 2m, 1h or ISO PT30S. */
        DURATION("a duration such as 500ms, 30s, 2m or 1h"),
        /** A list of single values, or one value (comma-separated like the environment's lists). */
        LIST("a list of single values"),
        /** A map whose keys are not checked: a provider's own settings. */
        SETTINGS("a map of settings");

        private final String expected;

        Type(String expected) {
            this.expected = expected;
        }

        /** What the value should have been, or empty when it fits; null (an empty section) always fits. */
        Optional<String> mismatch(JsonNode value) {
            if (value.isNull() || fits(value)) {
                return Optional.empty();
            }
            return Optional.of(expected);
        }

        private boolean fits(JsonNode value) {
            return switch (this) {
                case TEXT -> value.isValueNode();
                case WHOLE_NUMBER -> value.isIntegralNumber() || value.isString() && value.asString().strip()
                        .matches("[+-]?\\d+");
                case AMOUNT -> value.isNumber() || value.isString() && isAmount(value.asString());
                case BOOLEAN -> value.isBoolean() || value.isString() && (value.asString().strip()
                        .equalsIgnoreCase("true") || value.asString().strip().equalsIgnoreCase("false"));
                case LIST -> value.isValueNode() || value.isArray() && value.valueStream().allMatch(JsonNode::isValueNode);
                case SETTINGS -> value.isObject();
                case DURATION -> value.isString() && (DurationText.parse(value.asString()).isPresent()
                        || value.asString().strip().equalsIgnoreCase("none"));
            };
        }

        private static boolean isAmount(String text) {
            try {
                Double.parseDouble(text.strip());
                return true;
            } catch (NumberFormatException e) {
                return false;
            }
        }
    }

    /** The keys, in the order the shipped example file shows them. */
    static final Map<String, Type> KEYS = keys();

    private static Map<String, Type> keys() {
        Map<String, Type> keys = new LinkedHashMap<>();
        keys.put("provider", Type.TEXT);
        keys.put("model", Type.TEXT);
        keys.put("run.max-iterations", Type.WHOLE_NUMBER);
        keys.put("run.system", Type.TEXT);
        keys.put("run.system-append", Type.TEXT);
        keys.put("run.iteration-timeout", Type.DURATION);
        keys.put("run.timeout", Type.DURATION);
        keys.put("run.tool-timeout", Type.DURATION);
        keys.put("run.max-retries", Type.WHOLE_NUMBER);
        keys.put("run.retry-delay", Type.DURATION);
        keys.put("run.retry-max-delay", Type.DURATION);
        keys.put("run.stuck-threshold", Type.WHOLE_NUMBER);
        keys.put("run.parallel-tools", Type.BOOLEAN);
        keys.put("run.final-summary", Type.BOOLEAN);
        keys.put("run.output-retries", Type.WHOLE_NUMBER);
        keys.put("run.retry-classifier", Type.TEXT);
        keys.put("run.decision-policy", Type.TEXT);
        keys.put("providers.*", Type.SETTINGS);
        keys.put("mcp.*", Type.SETTINGS);
        keys.put("agents.*", Type.SETTINGS);
        keys.put("plugins.disabled", Type.LIST);
        keys.put("plugins.folders", Type.LIST);
        keys.put("plugins.*", Type.SETTINGS);
        keys.put("workspace.root", Type.TEXT);
        keys.put("workspace.extra-dirs", Type.LIST);
        keys.put("workspace.env-allow", Type.LIST);
        keys.put("sandbox.enabled", Type.BOOLEAN);
        keys.put("sandbox.network", Type.BOOLEAN);
        keys.put("sandbox.program", Type.TEXT);
        keys.put("permissions.mode", Type.TEXT);
        keys.put("permissions.allow", Type.LIST);
        keys.put("permissions.ask", Type.LIST);
        keys.put("permissions.deny", Type.LIST);
        keys.put("tools.disabled", Type.LIST);
        keys.put("tools.fetch.enabled", Type.BOOLEAN);
        keys.put("tools.fetch.allow-hosts", Type.LIST);
        keys.put("tools.fetch.allow-private", Type.BOOLEAN);
        keys.put("sessions.enabled", Type.BOOLEAN);
        keys.put("sessions.folder", Type.TEXT);
        keys.put("sessions.store", Type.TEXT);
        keys.put("sessions.stop-when-unsaved", Type.BOOLEAN);
        keys.put("pricing", Type.LIST);
        keys.put("budget.run-tokens", Type.WHOLE_NUMBER);
        keys.put("budget.session-tokens", Type.WHOLE_NUMBER);
        keys.put("budget.run-cost", Type.AMOUNT);
        keys.put("budget.session-cost", Type.AMOUNT);
        keys.put("guard.max-tool-calls", Type.WHOLE_NUMBER);
        keys.put("trace.file", Type.TEXT);
        keys.put("compaction.strategy", Type.TEXT);
        keys.put("compaction.max-tokens", Type.WHOLE_NUMBER);
        keys.put("compaction.max-messages", Type.WHOLE_NUMBER);
        keys.put("skills.folders", Type.LIST);
        keys.put("memory.short-term", Type.TEXT);
        keys.put("memory.enabled", Type.BOOLEAN);
        keys.put("memory.store", Type.TEXT);
        keys.put("memory.auto-save", Type.BOOLEAN);
        keys.put("memory.file", Type.TEXT);
        keys.put("memory.recall", Type.WHOLE_NUMBER);
        keys.put("memory.max-entries", Type.WHOLE_NUMBER);
        keys.put("output.color", Type.TEXT);
        keys.put("output.reasoning", Type.BOOLEAN);
        return Collections.unmodifiableMap(keys);
    }

    private ConfigSchema() {
    }

    /** The type of a key, when it is one. */
    static Optional<Type> type(String key) {
        return KEYS.entrySet().stream().filter(e -> matches(e.getKey(), key)).map(Map.Entry::getValue).findFirst();
    }

    /** Whether known keys lie below this one ({@code run}, {@code tools.fetch}). */
    static boolean section(String key) {
        List<String> segments = List.of(key.split("\\.", -1));
        return KEYS.keySet().stream().anyMatch(known -> {
            List<String> k = List.of(known.split("\\."));
            return k.size() > segments.size() && matches(String.join(".", k.subList(0, segments.size())), key);
        });
    }

    /** Whether the key lies inside a map of free settings ({@code providers.openai.base-url}). */
    static boolean free(String key) {
        String[] segments = key.split("\\.", -1);
        for (int n = 1; n < segments.length; n++) {
            String prefix = String.join(".", List.of(segments).subList(0, n));
            if (type(prefix).filter(t -> t == Type.SETTINGS).isPresent()) {
                return true;
            }
        }
        return false;
    }

    /** The keys and sections one level below {@code section} ({@code ""}: the top level), patterns left out. */
    static List<String> names(String section) {
        int depth = section.isEmpty() ? 1 : section.split("\\.", -1).length + 1;
        return prefixes(depth).filter(k -> section.isEmpty() || k.startsWith(section + ".")).toList();
    }

    /**
     * The keys and sections a misspelled key is compared with: those of its section when that
     * section is known, else every one as deep as it.
     */
    static List<String> neighbours(String key) {
        int dot = key.lastIndexOf('.');
        String parent = dot < 0 ? "" : key.substring(0, dot);
        return parent.isEmpty() || section(parent) ? names(parent)
                : prefixes(key.split("\\.", -1).length).toList();
    }

    /** The known key a misspelled one most likely meant; in a known section, by its last name alone. */
    static Optional<String> nearest(String key) {
        int dot = key.lastIndexOf('.');
        if (dot > 0 && section(key.substring(0, dot))) {
            String parent = key.substring(0, dot + 1);
            return Nearest.to(key.substring(dot + 1), names(key.substring(0, dot)).stream()
                    .map(k -> k.substring(parent.length())).toList()).map(name -> parent + name);
        }
        return Nearest.to(key, neighbours(key));
    }

    /** Every known key and section cut to {@code depth} names, patterns left out. */
    private static Stream<String> prefixes(int depth) {
        return KEYS.keySet().stream().map(known -> known.split("\\.")).filter(k -> k.length >= depth)
                .map(k -> String.join(".", List.of(k).subList(0, depth))).filter(k -> !k.contains("*")).distinct();
    }

    private static boolean matches(String pattern, String key) {
        String[] p = pattern.split("\\.", -1);
        String[] k = key.split("\\.", -1);
        if (p.length != k.length) {
            return false;
        }
        for (int i = 0; i < p.length; i++) {
            if (!p[i].equals("*") && !p[i].equals(k[i])) {
                return false;
            }
        }
        return true;
    }
}
