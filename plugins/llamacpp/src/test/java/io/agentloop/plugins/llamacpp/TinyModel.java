package io.agentloop.plugins.llamacpp;

import io.agentloop.api.model.ModelConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The real 260K-parameter TinyStories model from {@code shared/models} beside the project (the
 * {@code agentloop.shared} property, or found by walking up from the working folder). It writes
 * children's stories and follows no instructions, so tests assert structure, never content.
 */
final class TinyModel {
    static final String FILE_NAME = "stories260K.gguf";

    private TinyModel() {
    }

    static Path file() {
        String configured = System.getProperty("agentloop.shared");
        if (configured != null && Files.isRegularFile(Path.of(configured, "models", FILE_NAME))) {
            return Path.of(configured, "models", FILE_NAME).toAbsolutePath().normalize();
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("shared").resolve("models").resolve(FILE_NAME);
            if (Files.isRegularFile(candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException("the tiny model " + FILE_NAME + " was not found: the shared/ folder must sit "
                + "beside the project (shared/models/" + FILE_NAME + ")");
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
