package io.agentloop.core.catalog;

import java.util.Objects;
import java.util.Optional;

/**
 * What the catalog knows of one model: the tokens its context holds and, when it is priced, what a
 * million tokens cost (in US dollars, at the date the catalog's documentation gives).
 *
 * @param provider      the provider family the entry was written for ({@code openai}, {@code ollama}...)
 * @param model         the model's name, or the start of the names it covers ({@code gpt-4o} covers
 *                      {@code gpt-4o-2024-08-06}); {@code *} for every model of the provider
 * @param contextWindow tokens of context (input and output together); 0 when not known
 * @param price         what its tokens cost; empty when not known
 */
public record KnownModel(String provider, String model, long contextWindow, Optional<ModelPrice> price) {
    public KnownModel {
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(price, "price");
        if (contextWindow < 0) {
            throw new IllegalArgumentException("a context window cannot be negative, was " + contextWindow);
        }
    }

    /**
     * US dollars per million tokens.
     *
     * @param cachedInput input tokens read from the provider's prompt cache
     */
    public record ModelPrice(double input, double output, double cachedInput) {
        public ModelPrice {
            if (input < 0 || output < 0 || cachedInput < 0) {
                throw new IllegalArgumentException("prices cannot be negative");
            }
        }
    }
}
