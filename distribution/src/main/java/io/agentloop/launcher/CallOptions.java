package io.agentloop.launcher;

import io.agentloop.api.model.ChatOptions;
import java.util.Locale;
import java.util.Optional;

/**
 * The model options of a run ({@code run.temperature}, {@code run.top-p}, {@code run.max-tokens},
 * {@code run.stop}, {@code run.seed}, {@code run.reasoning-effort}; {@code --temperature},
 * {@code --max-tokens}): every model call of the run is sent them, over what the provider's own
 * settings ({@code providers.<id>.*}) fix. A provider whose API lacks one leaves it out.
 */
final class CallOptions {
    private CallOptions() {
    }

    /**
     * @throws ConfigLoader.ConfigurationException naming the key whose value is not of its type
     */
    static ChatOptions from(LauncherConfig config) {
        ChatOptions options = ChatOptions.DEFAULTS;
        Optional<String> temperature = config.get("run.temperature");
        if (temperature.isPresent()) {
            options = options.withTemperature(number(temperature.get(), "run.temperature"));
        }
        Optional<String> topP = config.get("run.top-p");
        if (topP.isPresent()) {
            options = options.withTopP(number(topP.get(), "run.top-p"));
        }
        Optional<String> maxTokens = config.get("run.max-tokens");
        if (maxTokens.isPresent()) {
            options = options.withMaxTokens((int) whole(maxTokens.get(), "run.max-tokens", 1));
        }
        if (!config.list("run.stop").isEmpty()) {
            options = options.withStop(config.list("run.stop"));
        }
        Optional<String> seed = config.get("run.seed");
        if (seed.isPresent()) {
            options = options.withSeed(whole(seed.get(), "run.seed", Long.MIN_VALUE));
        }
        Optional<String> effort = config.get("run.reasoning-effort").map(String::strip);
        if (effort.isPresent()) {
            options = options.withReasoningEffort(effort.get().toLowerCase(Locale.ROOT));
        }
        return options;
    }

    private static double number(String text, String key) {
        try {
            return Double.parseDouble(text.strip());
        } catch (NumberFormatException e) {
            throw new ConfigLoader.ConfigurationException(key + " must be a number, not '" + text + "'");
        }
    }

    private static long whole(String text, String key, long least) {
        try {
            long value = Long.parseLong(text.strip());
            if (value >= least) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new ConfigLoader.ConfigurationException(key + " must be a whole number" + (least > Long.MIN_VALUE
                ? " of at least " + least : "") + ", not '" + text + "'");
    }
}
