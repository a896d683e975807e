package io.agentloop.plugins.llamacpp;

import io.agentloop.api.model.ModelConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The real 260K-parameter TinyStories model the distribution ships for its offline demo
 * ({@code distribution/src/models}, passed by the build as {@code agentloop.tiny.model}). It writes
 * children's stories and follows no instructions, so tests assert structure, never content.
 */
final class TinyModel {
    static final String FILE_NAME = "stories260K.gguf";

    private TinyModel() {
    }

    static Path file() {
        String configured = System.getProperty("agentloop.tiny.model");
        if (configured == null) {
            throw new IllegalStateException("the tiny model's location is not set: run the tests through Maven, which "
                    + "sets agentloop.tiny.model to distribution/src/models/" + FILE_NAME);
        }
        Path file = Path.of(configured).toAbsolutePath().normalize();
        if (!Files.isRegularFile(file)) {
            throw new IllegalStateException("the tiny model is not at " + file + ": the project ships it as "
                    + "distribution/src/models/" + FILE_NAME);
        }
        return file;
    }

    /** A chat model over the shared instance; settings override the test defaults (temperature 0). */
    static LlamaChatModel chat(String... settings) {
        Map<String, String> values = new HashMap<>(Map.of("temperature", "0", "max-tokens", "256",
                "context-size", "2048"));
        for (int i = 0; i + 1 < settings.length; i += 2) {
            values.put(settings[i], settings[i + 1]);
        }
        return (LlamaChatModel) new LlamaCppProvider().create(new ModelConfig(file().toString(), values));
    }
}
