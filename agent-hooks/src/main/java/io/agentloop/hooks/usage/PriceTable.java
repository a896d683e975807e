package io.agentloop.hooks.usage;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Prices per provider and model, as configured: one line per model,
 * {@code "openai/gpt-4.1-mini input=0.40 output=1.60 cached=0.10"} (per million tokens;
 * {@code cached} defaults to {@code input}). A model of {@code *} prices every model of the provider
 * ({@code "ollama/* input=0 output=0"}). No prices are built in: they change too often to ship.
 */
public final class PriceTable {
    public static final PriceTable EMPTY = new PriceTable(Map.of());

    private final Map<String, Price> prices;

    private PriceTable(Map<String, Price> prices) {
        this.prices = Map.copyOf(prices);
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
        return new PriceTable(prices);
    }

    public Optional<Price> find(String provider, String model) {
        String key = (provider + "/" + model).toLowerCase(Locale.ROOT);
        Price exact = prices.get(key);
        return Optional.ofNullable(exact != null ? exact : prices.get(provider.toLowerCase(Locale.ROOT) + "/*"));
    }

    private static IllegalArgumentException wrong(String line) {
        return new IllegalArgumentException("cannot read the price line '" + line + "': write it as 'provider/model "
                + "input=<per million tokens> output=<per million tokens> [cached=<per million tokens>]', for example "
                + "'openai/gpt-4.1-mini input=0.40 output=1.60 cached=0.10'");
    }
}
