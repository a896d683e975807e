package io.agentloop.core.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The context windows and prices of the common models of each provider, built in so that
 * compaction starts at a share of the real window and a run's cost shows without configuration.
 * Users override both (configured windows and prices win); a model the table does not know has
 * neither. Lookups are pure: the same name always gives the same entry.
 *
 * <p>A name matches an entry when it equals the entry's model or starts with it followed by
 * {@code -}, {@code :} or {@code @} (a dated snapshot {@code gpt-4o-2024-08-06}, an Ollama tag
 * {@code llama3.1:8b}); the longest such entry wins, and an entry of the run's provider wins over
 * one of another (a DeepSeek model called through the {@code openai} provider still matches the
 * {@code deepseek} entry). A vendor prefix ({@code openai/gpt-4o} on a router,
 * {@code models/gemini-2.5-pro}) is ignored.
 */
public final class ModelCatalog {
    /**
     * The context window assumed for a model whose window nobody knows: what most current models
     * hold at least, so that compaction still starts before most refuse.
     */
    public static final long ASSUMED_WINDOW = 128_000;
    private static final ModelCatalog BUILT_IN = new ModelCatalog(BuiltInModels.entries());

    private final List<KnownModel> entries;

    public ModelCatalog(List<KnownModel> entries) {
        this.entries = List.copyOf(entries);
    }

    /** A catalog that knows no model. */
    public static ModelCatalog of() {
        return new ModelCatalog(List.of());
    }

    /** The table that ships with Agentloop (its date is in docs/models.md). */
    public static ModelCatalog builtIn() {
        return BUILT_IN;
    }

    /** The entry for a provider's model: the most specific match, or the provider's {@code *} entry. */
    public Optional<KnownModel> find(String provider, String model) {
        String wanted = provider.toLowerCase(Locale.ROOT);
        String name = model.toLowerCase(Locale.ROOT).strip();
        name = name.substring(name.lastIndexOf('/') + 1);
        KnownModel best = null;
        for (KnownModel entry : entries) {
            if (matches(entry.model(), name) && better(entry, best, wanted)) {
                best = entry;
            }
        }
        if (best != null) {
            return Optional.of(best);
        }
        return entries.stream().filter(e -> e.provider().equals(wanted) && e.model().equals("*")).findFirst();
    }

    /** The context window of a provider's model, when the table knows it. */
    public Optional<Long> contextWindow(String provider, String model) {
        return find(provider, model).map(KnownModel::contextWindow).filter(window -> window > 0);
    }

    /** What a provider's model costs, when the table knows it. */
    public Optional<KnownModel.ModelPrice> price(String provider, String model) {
        return find(provider, model).flatMap(KnownModel::price);
    }

    /** All the entries, in the table's order (for documentation). */
    public List<KnownModel> entries() {
        return new ArrayList<>(entries);
    }

    private static boolean matches(String entry, String name) {
        if (entry.equals("*")) {
            return false;
        }
        if (name.equals(entry)) {
            return true;
        }
        if (!name.startsWith(entry) || name.length() == entry.length()) {
            return false;
        }
        char next = name.charAt(entry.length());
        return next == '-' || next == ':' || next == '@';
    }

    private static boolean better(KnownModel entry, KnownModel best, String provider) {
        if (best == null) {
            return true;
        }
        boolean ours = entry.provider().equals(provider);
        boolean bestOurs = best.provider().equals(provider);
        if (ours != bestOurs) {
            return ours;
        }
        return entry.model().length() > best.model().length();
    }
}
