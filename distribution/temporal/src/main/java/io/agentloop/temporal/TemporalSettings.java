package io.agentloop.temporal;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Where the Temporal service is and how runs use it: the launcher's {@code temporal.*} settings.
 *
 * @param target    the service's {@code host:port} ({@code 127.0.0.1:7233}, the CLI's development server)
 * @param namespace the namespace ({@code default})
 * @param taskQueue the task queue runs and workers meet on ({@code agentloop})
 * @param heartbeat how long a worker may go silent during a step before the step counts as lost
 * @param historyLimit how many events a run's workflow history may hold before the run continues as new
 * @param tlsCert   a client certificate (PEM), with {@code tlsKey} its PKCS#8 key: mutual TLS
 * @param tlsCa     the certificate authority to trust instead of the system's (PEM)
 */
public record TemporalSettings(String target, String namespace, String taskQueue, Duration heartbeat,
                               int historyLimit, Optional<Path> tlsCert, Optional<Path> tlsKey, Optional<Path> tlsCa) {
    public static final Set<String> KEYS = Set.of("target", "namespace", "task-queue", "heartbeat", "history-limit",
            "tls.cert", "tls.key", "tls.ca");

    public TemporalSettings {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(taskQueue, "taskQueue");
        new DurableOptions(heartbeat, historyLimit); // checks them
        if (tlsCert.isPresent() != tlsKey.isPresent()) {
            throw new IllegalArgumentException("temporal.tls.cert and temporal.tls.key go together: set both or neither");
        }
    }

    /** The defaults: the CLI's development server on this machine. */
    public static TemporalSettings defaults() {
        return new TemporalSettings("127.0.0.1:7233", "default", "agentloop", DurableOptions.DEFAULTS.heartbeat(),
                DurableOptions.DEFAULTS.historyLimit(), Optional.empty(), Optional.empty(), Optional.empty());
    }

    /** From the settings' keys (without {@code temporal.}); an unknown key is an error naming the known ones. */
    public static TemporalSettings of(Map<String, String> keys) {
        for (String key : keys.keySet()) {
            if (!KEYS.contains(key)) {
                throw new IllegalArgumentException("temporal." + key + " is not a setting; known: "
                        + new TreeSet<>(KEYS).stream().map(k -> "temporal." + k).toList());
            }
        }
        TemporalSettings d = defaults();
        return new TemporalSettings(keys.getOrDefault("target", d.target()), keys.getOrDefault("namespace", d.namespace()),
                keys.getOrDefault("task-queue", d.taskQueue()),
                keys.containsKey("heartbeat") ? duration(keys.get("heartbeat")) : d.heartbeat(),
                keys.containsKey("history-limit") ? events(keys.get("history-limit")) : d.historyLimit(),
                path(keys, "tls.cert"), path(keys, "tls.key"), path(keys, "tls.ca"));
    }

    private static int events(String text) {
        try {
            return Integer.parseInt(text.strip().replace("_", "").replace(",", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("temporal.history-limit: '" + text + "' is not a number of events; "
                    + "write it like 4000", e);
        }
    }

    /** {@code 30s}, {@code 2m}, {@code 1500ms}, or ISO-8601 ({@code PT30S}). */
    private static Duration duration(String text) {
        java.util.regex.Matcher short_ = java.util.regex.Pattern.compile("(\\d+)\\s*(ms|s|m|h)").matcher(text.strip());
        if (short_.matches()) {
            long amount = Long.parseLong(short_.group(1));
            return switch (short_.group(2)) {
                case "ms" -> Duration.ofMillis(amount);
                case "s" -> Duration.ofSeconds(amount);
                case "m" -> Duration.ofMinutes(amount);
                default -> Duration.ofHours(amount);
            };
        }
        try {
            return Duration.parse(text.strip());
        } catch (java.time.format.DateTimeParseException e) {
            throw new IllegalArgumentException("temporal.heartbeat: '" + text + "' is not a duration; write it like 30s, "
                    + "2m or 1500ms", e);
        }
    }

    private static Optional<Path> path(Map<String, String> keys, String key) {
        return Optional.ofNullable(keys.get(key)).filter(value -> !value.isBlank()).map(Path::of);
    }
}
