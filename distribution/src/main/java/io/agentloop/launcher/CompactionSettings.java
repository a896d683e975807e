package io.agentloop.launcher;

import io.agentloop.api.run.CompactionOptions;
import io.agentloop.core.catalog.ModelCatalog;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The {@code compaction} keys as the loop's options: the strategy, the share of the context window
 * that starts compaction ({@code threshold}), the windows configured per provider/model over the
 * built-in table ({@code context-windows}), and the absolute counts ({@code max-tokens},
 * {@code max-messages}). The window of the run's model is settled here, so a model nobody knows is
 * named once, in the run's warnings, with the window assumed for it.
 */
final class CompactionSettings {
    private CompactionSettings() {
    }

    /**
     * @param named    whether the model is the user's (its unknown window is worth a warning), not the
     *                 built-in example's or demo's
     * @param warnings where the warning about an unknown window goes
     */
    static CompactionOptions from(LauncherConfig config, String provider, String model, boolean named,
                                  List<String> warnings) {
        CompactionOptions defaults = CompactionOptions.DEFAULTS;
        CompactionOptions options;
        try {
            options = new CompactionOptions(
                    Integer.parseInt(config.get("compaction.max-messages").orElse(Integer.toString(defaults.maxMessages()))
                            .strip()),
                    Long.parseLong(config.get("compaction.max-tokens").orElse(Long.toString(defaults.maxTokens())).strip()),
                    config.get("compaction.strategy").orElse(defaults.strategy()).strip(),
                    Double.parseDouble(config.get("compaction.threshold").orElse(Double.toString(defaults.threshold()))
                            .strip()),
                    windows(config.list("compaction.context-windows")));
        } catch (IllegalArgumentException e) {
            throw new ConfigLoader.ConfigurationException("compaction: " + e.getMessage() + ". max-messages and "
                    + "max-tokens are whole numbers (0 turns one off), threshold a share between 0 and 1 (0.8).");
        }
        if (options.contextWindow(provider, model).isEmpty()
                && ModelCatalog.builtIn().contextWindow(provider, model).isEmpty()) {
            if (named && options.maxTokens() == 0 && options.threshold() > 0) {
                warnings.add(String.format(Locale.ROOT, "the context window of %s/%s is not known: compaction assumes "
                        + "%d tokens and starts at %d; set its window with compaction.context-windows: "
                        + "[\"%s/%s <tokens>\"]", provider, model, ModelCatalog.ASSUMED_WINDOW,
                        (long) (ModelCatalog.ASSUMED_WINDOW * options.threshold()), provider, model));
            }
            options = options.withContextWindow(provider, model, ModelCatalog.ASSUMED_WINDOW);
        }
        return options;
    }

    /** Lines {@code "provider/model tokens"}, by lower-case {@code provider/model}. */
    private static Map<String, Long> windows(List<String> lines) {
        Map<String, Long> windows = new LinkedHashMap<>();
        for (String line : lines) {
            String[] words = line.strip().split("\\s+");
            long tokens;
            try {
                tokens = words.length == 2 ? Long.parseLong(words[1].replace("_", "").replace(",", "")) : 0;
            } catch (NumberFormatException e) {
                tokens = 0;
            }
            if (!words[0].contains("/") || tokens <= 0) {
                throw new ConfigLoader.ConfigurationException("compaction.context-windows: cannot read '" + line
                        + "': write it as 'provider/model tokens', for example 'ollama/qwen2.5:7b 32768'");
            }
            windows.put(words[0].toLowerCase(Locale.ROOT), tokens);
        }
        return windows;
    }
}
