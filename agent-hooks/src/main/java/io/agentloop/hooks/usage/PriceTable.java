package io.agentloop.hooks.usage;

import io.agentloop.core.catalog.ModelCatalog;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Prices per provider and model, as configured: one line per model,
 * {@code "openai/gpt-4.1-mini input=0.40 output=1.60 cached=0.10"} (per million tokens;
 * {@code cached} defaults to {@code input}). A model of {@code *} prices every model of the provider
 * ({@code "ollama/* input=0 output=0"}). {@link #withBuiltIns()} adds the prices of the
 * {@link ModelCatalog}'s common models underneath, so a cost shows without configuration and a
 * configured line still wins.
 */
public final class PriceTable {
    public static final PriceTable EMPTY = new PriceTable(Map.of(), ModelCatalog.of());

    private final Map<String, Price> prices;
    private final ModelCatalog underneath;

    private PriceTable(Map<String, Price> prices, ModelCatalog underneath) {
        this.prices = Map.copyOf(prices);
        this.underneath = underneath;
    }

    /** These prices, and the built-in ones for the models they do not price. */
    public PriceTable withBuiltIns() {
        return new PriceTable(prices, ModelCatalog.builtIn());
    }

    /**
     * Reads configured lines.
     *
     * @throws IllegalArgumentException naming the line that is wrong and the expected form
     */
    public static PriceTable parse(List<String> lines) {
        Map<String, Price> prices = new LinkedHashMap<>();
        for (String line : lines) {
            String[] words = line.strip().split("\\s+");
            if (words.length < 2 || !words[0].contains("/")) {
                throw wrong(line);
            }
            Map<String, Double> values = new LinkedHashMap<>();
            for (int i = 1; i < words.length; i++) {
                String[] pair = words[i].split("=", 2);
                if (pair.length != 2 || !List.of("input", "output", "cached").contains(pair[0])) {
                    throw wrong(line);
                }
                try {
                    values.put(pair[0], Double.parseDouble(pair[1]));
                } catch (NumberFormatException e) {
                    throw wrong(line);
                }
            }
            if (!values.containsKey("input") || !values.containsKey("output")) {
                throw wrong(line);
            }
            prices.put(words[0].toLowerCase(Locale.ROOT), new Price(values.get("input"), values.get("output"),
                    values.getOrDefault("cached", values.get("input"))));
        }
        return new PriceTable(prices, ModelCatalog.of());
    }

    public Optional<Price> find(String provider, String model) {
        String key = (provider + "/" + model).toLowerCase(Locale.ROOT);
        Price exact = prices.get(key);
        Price configured = exact != null ? exact : prices.get(provider.toLowerCase(Locale.ROOT) + "/*");
        if (configured != null) {
            return Optional.of(configured);
        }
        return underneath.price(provider, model).map(p -> new Price(p.input(), p.output(), p.cachedInput()));
    }

    private static IllegalArgumentException wrong(String line) {
        return new IllegalArgumentException("cannot read the price line '" + line + "': write it as 'provider/model "
                + "input=<per million tokens> output=<per million tokens> [cached=<per million tokens>]', for example "
                + "'openai/gpt-4.1-mini input=0.40 output=1.60 cached=0.10'");
    }
}
