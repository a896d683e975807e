package io.agentloop.launcher;

import io.agentloop.core.permission.PermissionMode;
import io.agentloop.core.text.Nearest;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;

/**
 * Every key the configuration files may hold, with the type of its value (and the values or the
 * range it allows, where those are fixed), in one place: a key the launcher reads and this list
 * lacks could not be set, and a key this list lacks is refused, so a misspelled deny rule fails
 * loudly instead of doing nothing. Keys are dotted paths; {@code *}
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
        /**
         * A map whose keys are not checked here: a provider's or a plugin's own settings, checked
         * against what the extension declares once the platform is loaded ({@link DeclaredSettings}).
         */
        SETTINGS("a map of settings");

        private final String expected;

        Type(String expected) {
            this.expected = expected;
        }

        /** What a value of this type is, in words ("a whole number"). */
        String expected() {
            return expected;
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
                case LIST -> value.isValueNode() || value.isArray() && ConfigFile.singleValues(value);
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

    /**
     * What a key takes: a value of its type and, for some, one of a fixed set of values (compared
     * without regard to case, as the launcher reads them) or a number no less than {@code least}
     * (more than it when {@code strict}).
     */
    record Rule(Type type, List<String> choices, Optional<Double> least, boolean strict) {
        Rule {
            Objects.requireNonNull(type, "type");
            choices = List.copyOf(choices);
        }

        Rule(Type type) {
            this(type, List.of(), Optional.empty(), false);
        }

        static Rule oneOf(List<String> choices) {
            return new Rule(Type.TEXT, choices, Optional.empty(), false);
        }

        static Rule atLeast(long least) {
            return new Rule(Type.WHOLE_NUMBER, List.of(), Optional.of((double) least), false);
        }

        static Rule positive() {
            return new Rule(Type.AMOUNT, List.of(), Optional.of(0.0), true);
        }

        /** What the value should have been, or empty when it fits; null (an empty section) always fits. */
        Optional<String> mismatch(JsonNode value) {
            Optional<String> wrongType = type.mismatch(value);
            if (wrongType.isPresent() || value.isNull() || choices.isEmpty() && least.isEmpty()) {
                return wrongType;
            }
            String text = value.asString().strip();
            if (!choices.isEmpty() && choices.stream().noneMatch(text::equalsIgnoreCase)) {
                return Optional.of(expected());
            }
            if (least.isPresent()) {
                double number = Double.parseDouble(text);
                if (strict ? number <= least.get() : number < least.get()) {
                    return Optional.of(expected());
                }
            }
            return Optional.empty();
        }

        /** What the value must be, in words: "one of ask, edit, auto, yes", "a whole number of at least 1". */
        String expected() {
            if (!choices.isEmpty()) {
                return "one of " + String.join(", ", choices);
            }
            return least.map(n -> strict ? "a number above " + format(n) : type.expected + " of at least " + format(n))
                    .orElse(type.expected);
        }

        private static String format(double number) {
            return number == Math.rint(number) ? Long.toString((long) number) : Double.toString(number);
        }
    }

    /** The keys, in the order the shipped example file shows them. */
    static final Map<String, Rule> KEYS = keys();

    private static Map<String, Rule> keys() {
        Map<String, Rule> keys = new LinkedHashMap<>();
        keys.put("provider", new Rule(Type.TEXT));
        keys.put("model", new Rule(Type.TEXT));
        keys.put("run.max-iterations", Rule.atLeast(1));
        keys.put("run.system", new Rule(Type.TEXT));
        keys.put("run.system-append", new Rule(Type.TEXT));
        keys.put("run.iteration-timeout", new Rule(Type.DURATION));
        keys.put("run.timeout", new Rule(Type.DURATION));
        keys.put("run.tool-timeout", new Rule(Type.DURATION));
        keys.put("run.max-retries", Rule.atLeast(0));
        keys.put("run.retry-delay", new Rule(Type.DURATION));
        keys.put("run.retry-max-delay", new Rule(Type.DURATION));
        keys.put("run.stuck-threshold", Rule.atLeast(0));
        keys.put("run.parallel-tools", new Rule(Type.BOOLEAN));
        keys.put("run.final-summary", new Rule(Type.BOOLEAN));
        keys.put("run.output-retries", Rule.atLeast(0));
        keys.put("run.completion", Rule.oneOf(List.of("answer", "marker", "finish-tool")));
        keys.put("run.completion-marker", new Rule(Type.TEXT));
        keys.put("run.retry-classifier", new Rule(Type.TEXT));
        keys.put("run.decision-policy", new Rule(Type.TEXT));
        keys.put("run.temperature", new Rule(Type.AMOUNT));
        keys.put("run.top-p", new Rule(Type.AMOUNT));
        keys.put("run.max-tokens", Rule.atLeast(1));
        keys.put("run.stop", new Rule(Type.LIST));
        keys.put("run.seed", new Rule(Type.WHOLE_NUMBER));
        keys.put("run.reasoning-effort", new Rule(Type.TEXT));
        keys.put("providers.*", new Rule(Type.SETTINGS));
        keys.put("mcp.*", new Rule(Type.SETTINGS));
        keys.put("agents.*", new Rule(Type.SETTINGS));
        keys.put("hub.agents", new Rule(Type.LIST));
        keys.put("hub.user", new Rule(Type.TEXT));
        keys.put("plugins.disabled", new Rule(Type.LIST));
        keys.put("plugins.folders", new Rule(Type.LIST));
        keys.put("plugins.*", new Rule(Type.SETTINGS));
        keys.put("workspace.root", new Rule(Type.TEXT));
        keys.put("workspace.extra-dirs", new Rule(Type.LIST));
        keys.put("workspace.env-allow", new Rule(Type.LIST));
        keys.put("sandbox.enabled", new Rule(Type.BOOLEAN));
        keys.put("sandbox.network", new Rule(Type.BOOLEAN));
        keys.put("sandbox.program", new Rule(Type.TEXT));
        keys.put("permissions.mode", Rule.oneOf(Arrays.stream(PermissionMode.values()).map(PermissionMode::toString).toList()));
        keys.put("permissions.allow", new Rule(Type.LIST));
        keys.put("permissions.ask", new Rule(Type.LIST));
        keys.put("permissions.deny", new Rule(Type.LIST));
        keys.put("permissions.ask-before-executable-config", new Rule(Type.BOOLEAN));
        keys.put("tools.disabled", new Rule(Type.LIST));
        keys.put("tools.meta", new Rule(Type.BOOLEAN));
        keys.put("tools.cache", new Rule(Type.BOOLEAN));
        keys.put("tools.*.cache", new Rule(Type.BOOLEAN));
        keys.put("tools.fetch.enabled", new Rule(Type.BOOLEAN));
        keys.put("tools.fetch.allow-hosts", new Rule(Type.LIST));
        keys.put("tools.fetch.allow-private", new Rule(Type.BOOLEAN));
        keys.put("sessions.enabled", new Rule(Type.BOOLEAN));
        keys.put("sessions.folder", new Rule(Type.TEXT));
        keys.put("sessions.store", new Rule(Type.TEXT));
        keys.put("sessions.stop-when-unsaved", new Rule(Type.BOOLEAN));
        keys.put("pricing", new Rule(Type.LIST));
        keys.put("budget.run-tokens", Rule.atLeast(1));
        keys.put("budget.session-tokens", Rule.atLeast(1));
        keys.put("budget.run-cost", Rule.positive());
        keys.put("budget.session-cost", Rule.positive());
        keys.put("guard.max-tool-calls", Rule.atLeast(1));
        keys.put("trace.file", new Rule(Type.TEXT));
        keys.put("compaction.strategy", new Rule(Type.TEXT));
        keys.put("compaction.max-tokens", Rule.atLeast(0));
        keys.put("compaction.max-messages", Rule.atLeast(0));
        keys.put("compaction.threshold", new Rule(Type.AMOUNT));
        keys.put("compaction.context-windows", new Rule(Type.LIST));
        keys.put("skills.folders", new Rule(Type.LIST));
        keys.put("memory.short-term", new Rule(Type.TEXT));
        keys.put("memory.enabled", new Rule(Type.BOOLEAN));
        keys.put("memory.store", new Rule(Type.TEXT));
        keys.put("memory.auto-save", new Rule(Type.BOOLEAN));
        keys.put("memory.auto-save-untrusted", new Rule(Type.BOOLEAN));
        keys.put("memory.file", new Rule(Type.TEXT));
        keys.put("memory.recall", Rule.atLeast(1));
        keys.put("memory.max-entries", Rule.atLeast(1));
        keys.put("server.host", new Rule(Type.TEXT));
        keys.put("server.port", Rule.atLeast(0));
        keys.put("server.token-file", new Rule(Type.TEXT));
        keys.put("server.allowed-hosts", new Rule(Type.LIST));
        keys.put("server.workspaces", new Rule(Type.TEXT));
        keys.put("server.data", new Rule(Type.TEXT));
        keys.put("server.mode", Rule.oneOf(Arrays.stream(PermissionMode.values()).map(PermissionMode::toString).toList()));
        keys.put("server.runs-per-token", Rule.atLeast(1));
        keys.put("server.requests-per-minute", Rule.atLeast(1));
        keys.put("server.max-body", Rule.atLeast(1));
        keys.put("server.heartbeat", new Rule(Type.DURATION));
        keys.put("server.tokens.*.file", new Rule(Type.TEXT));
        keys.put("server.tokens.*.role", Rule.oneOf(List.of("user", "admin")));
        keys.put("server.retention.age", new Rule(Type.DURATION));
        keys.put("server.retention.count", Rule.atLeast(1));
        keys.put("temporal.target", new Rule(Type.TEXT));
        keys.put("temporal.namespace", new Rule(Type.TEXT));
        keys.put("temporal.task-queue", new Rule(Type.TEXT));
        keys.put("temporal.heartbeat", new Rule(Type.DURATION));
        keys.put("temporal.history-limit", Rule.atLeast(10));
        keys.put("temporal.tls.cert", new Rule(Type.TEXT));
        keys.put("temporal.tls.key", new Rule(Type.TEXT));
        keys.put("temporal.tls.ca", new Rule(Type.TEXT));
        keys.put("output.color", Rule.oneOf(Screen.COLOURS));
        keys.put("output.reasoning", new Rule(Type.BOOLEAN));
        return Collections.unmodifiableMap(keys);
    }

    private ConfigSchema() {
    }

    /** The rule of a key, when it is one. */
    static Optional<Rule> rule(String key) {
        return KEYS.entrySet().stream().filter(e -> matches(e.getKey(), key)).map(Map.Entry::getValue).findFirst();
    }

    /** The type of a key, when it is one. */
    static Optional<Type> type(String key) {
        return rule(key).map(Rule::type);
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

    /** The patterns one level below {@code section}, a name in place of {@code *}: {@code agents.<name>}. */
    static List<String> patterns(String section) {
        int depth = section.split("\\.", -1).length + 1;
        return KEYS.keySet().stream().filter(k -> k.startsWith(section + ".")).map(k -> k.split("\\."))
                .filter(k -> k.length >= depth && k[depth - 1].equals("*"))
                .map(k -> String.join(".", List.of(k).subList(0, depth)).replace("*", "<name>")).distinct().toList();
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
