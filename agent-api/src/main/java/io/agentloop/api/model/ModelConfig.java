package io.agentloop.api.model;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Configuration of one chat model: the model's name and provider-specific settings (base URL,
 * API key, timeouts...). Keys are lower-case with dots ({@code base-url}, {@code api-key}).
 */
public record ModelConfig(String model, Map<String, String> settings) {
    public ModelConfig {
        Objects.requireNonNull(model, "model");
        settings = Map.copyOf(settings);
    }

    public static ModelConfig of(String model) {
        return new ModelConfig(model, Map.of());
    }

    public Optional<String> setting(String key) {
        return Optional.ofNullable(settings.get(key));
    }

    /** Never prints setting values: they may hold keys. */
    @Override
    public String toString() {
        return "ModelConfig[model=" + model + ", settings=" + settings.keySet() + "]";
    }
}
