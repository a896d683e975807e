package io.agentloop.plugins.llamacpp;

import io.agentloop.api.AgentException;
import io.agentloop.api.model.ModelConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The settings of the {@code llamacpp} provider, read from {@code providers.llamacpp.*}.
 *
 * @param modelFile   the GGUF file ({@code model-path}, or the model name when it names a file)
 * @param contextSize tokens of context the model is loaded with ({@code context-size}, default 4096)
 * @param threads     CPU threads ({@code threads}; default 1 on machines with 2 or fewer cores, where
 *                    more threads were about ten times slower, else half the cores up to 8)
 * @param temperature sampling temperature when the request sets none ({@code temperature}, default 0.7)
 * @param maxTokens   output tokens per call when the request sets none ({@code max-tokens}, default 1024)
 * @param seed        sampling seed ({@code seed}; default: a random one per call)
 * @param nativeLog   let llama.cpp write its own log to stderr ({@code native-log}, default false)
 */
record LlamaSettings(Path modelFile, int contextSize, int threads, double temperature, int maxTokens,
                     OptionalInt seed, boolean nativeLog) {

    static LlamaSettings from(ModelConfig config) {
        Path file = modelFile(config);
        return new LlamaSettings(file,
                number(config, "context-size", 4096, 64),
                number(config, "threads", defaultThreads(Runtime.getRuntime().availableProcessors()), 1),
                temperature(config),
                number(config, "max-tokens", 1024, 1),
                config.setting("seed").isPresent() ? OptionalInt.of(number(config, "seed", 0, 0)) : OptionalInt.empty(),
                Boolean.parseBoolean(config.setting("native-log").orElse("false").strip()));
    }

    static int defaultThreads(int cores) {
        return cores <= 2 ? 1 : Math.min(8, cores / 2);
    }

    private static Path modelFile(ModelConfig config) {
        Optional<String> configured = config.setting("model-path").or(() -> Optional.of(config.model())
                .filter(name -> name.toLowerCase(java.util.Locale.ROOT).endsWith(".gguf")));
        String text = configured.orElseThrow(() -> new AgentException("llamacpp: no model file is configured. Set "
                + "providers.llamacpp.model-path to a GGUF file, or pass the file as the model "
                + "(--model /path/to/model.gguf)"));
        Path file = Path.of(text.strip()).toAbsolutePath().normalize();
        if (!Files.isRegularFile(file)) {
            throw new AgentException("llamacpp: there is no model file at " + file + ". Set "
                    + "providers.llamacpp.model-path (or --model) to an existing GGUF file");
        }
        if (!Files.isReadable(file)) {
            throw new AgentException("llamacpp: the model file " + file + " cannot be read: check its permissions");
        }
        return file;
    }

    private static int number(ModelConfig config, String key, int fallback, int least) {
        String text = config.setting(key).orElse(null);
        if (text == null) {
            return fallback;
        }
        try {
            int value = Integer.parseInt(text.strip());
            if (value >= least) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new AgentException("llamacpp: " + key + " must be a whole number of at least " + least + ", not '"
                + text + "'");
    }

    private static double temperature(ModelConfig config) {
        String text = config.setting("temperature").orElse(null);
        if (text == null) {
            return 0.7;
        }
        try {
            double value = Double.parseDouble(text.strip());
            if (value >= 0 && value <= 2) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new AgentException("llamacpp: temperature must be a number from 0 to 2, not '" + text + "'");
    }
}
