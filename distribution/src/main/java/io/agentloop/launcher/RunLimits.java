package io.agentloop.launcher;

import io.agentloop.api.run.Completion;
import io.agentloop.api.run.RunOptions;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The agent loop's limits from configuration ({@code run.*}, the completion mode among them, and the
 * caching of tool results, {@code tools.cache} and {@code tools.<name>.cache}; their
 * {@code AGENTLOOP_*} variables and flags). The library keeps the design's defaults (30 s per
 * iteration, 20 s per tool call); the launcher's suit real models and real commands: a hosted
 * reasoning model writing a long edit or a local model on a CPU often takes minutes for one call (the
 * provider's read timeout, 120 s of silence, still catches a stalled stream), and {@code bash} lets a
 * command run up to 10 minutes.
 */
final class RunLimits {
    static final Duration ITERATION_TIMEOUT = Duration.ofMinutes(15);
    static final Duration TOOL_TIMEOUT = Duration.ofMinutes(11);

    private RunLimits() {
    }

    /**
     * @throws ConfigLoader.ConfigurationException naming the key and what it takes
     */
    static RunOptions from(LauncherConfig config, RunOptions base) {
        Duration iteration = duration(config, "run.iteration-timeout").orElse(ITERATION_TIMEOUT);
        // A shorter iteration brings the default tool time down with it; both set at odds is an error (below).
        Duration tool = duration(config, "run.tool-timeout")
                .orElse(TOOL_TIMEOUT.compareTo(iteration) > 0 ? iteration : TOOL_TIMEOUT);
        RunOptions.Builder options = base.toBuilder().iterationTimeout(iteration).toolTimeout(tool);
        whole(config, "run.max-iterations", 1).ifPresent(options::maxIterations);
        Optional<String> runTimeout = config.get("run.timeout").map(String::strip);
        if (runTimeout.isPresent() && !runTimeout.get().equalsIgnoreCase("none")) {
            options.runTimeout(duration(config, "run.timeout").orElseThrow());
        }
        whole(config, "run.max-retries", 0).ifPresent(options::maxRetries);
        options.retryDelays(duration(config, "run.retry-delay").orElse(base.retryInitialDelay()),
                duration(config, "run.retry-max-delay").orElse(base.retryMaxDelay()));
        whole(config, "run.stuck-threshold", 0).ifPresent(options::stuckThreshold);
        flag(config, "run.parallel-tools").ifPresent(options::parallelToolCalls);
        flag(config, "run.final-summary").ifPresent(options::finalSummary);
        whole(config, "run.output-retries", 0).ifPresent(options::outputRetries);
        options.completion(completion(config));
        flag(config, "tools.cache").ifPresent(options::cacheToolResults);
        options.uncachedTools(uncached(config));
        if (tool.compareTo(iteration) > 0) {
            throw new ConfigLoader.ConfigurationException("run.tool-timeout (" + tool + ") is longer "
                    + "than run.iteration-timeout (" + iteration + "), which covers the model call "
                    + "and its tools: raise run.iteration-timeout or lower run.tool-timeout");
        }
        return options.build();
    }

    /** How a run knows it is done, from {@code run.completion} and {@code run.completion-marker}. */
    private static Completion completion(LauncherConfig config) {
        String marker = config.get("run.completion-marker").orElse(Completion.DEFAULT_MARKER);
        if (marker.isBlank()) {
            throw new ConfigLoader.ConfigurationException("run.completion-marker cannot be blank: give the text an "
                    + "answer carries when the task is done, e.g. " + Completion.DEFAULT_MARKER);
        }
        String mode = config.get("run.completion").map(String::strip).orElse("answer");
        return new Completion(switch (mode.toLowerCase(Locale.ROOT)) {
            case "answer" -> Completion.Mode.ANSWER;
            case "marker" -> Completion.Mode.MARKER;
            case "finish-tool" -> Completion.Mode.FINISH_TOOL;
            default -> throw new ConfigLoader.ConfigurationException("run.completion must be one of answer, marker, "
                    + "finish-tool, not '" + mode + "'");
        }, marker.strip());
    }

    /** The tools whose results are never reused: those set {@code tools.<name>.cache: false}. */
    private static Set<String> uncached(LauncherConfig config) {
        Set<String> names = new TreeSet<>();
        config.section("tools").keySet().stream().filter(k -> k.endsWith(".cache") && k.indexOf('.') == k.length() - 6)
                .forEach(k -> {
                    String name = k.substring(0, k.length() - ".cache".length());
                    if (!flag(config, "tools." + k).orElseThrow()) {
                        names.add(name);
                    }
                });
        return names;
    }

    private static Optional<Duration> duration(LauncherConfig config, String key) {
        return config.get(key).map(text -> DurationText.parse(text).orElseThrow(() ->
                new ConfigLoader.ConfigurationException(key + " must be a duration such as 500ms, 30s, 2m or 1h, not '"
                        + text + "'" + (key.equals("run.timeout") ? " (or none)" : ""))));
    }

    private static Optional<Integer> whole(LauncherConfig config, String key, int least) {
        return config.get(key).map(text -> {
            try {
                int value = Integer.parseInt(text.strip());
                if (value >= least) {
                    return value;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw new ConfigLoader.ConfigurationException(key + " must be a whole number of at least " + least
                    + ", not '" + text + "'");
        });
    }

    private static Optional<Boolean> flag(LauncherConfig config, String key) {
        return config.get(key).map(text -> {
            String t = text.strip();
            if (!t.equalsIgnoreCase("true") && !t.equalsIgnoreCase("false")) {
                throw new ConfigLoader.ConfigurationException(key + " must be true or false, not '" + text + "'");
            }
            return Boolean.parseBoolean(t);
        });
    }
}
