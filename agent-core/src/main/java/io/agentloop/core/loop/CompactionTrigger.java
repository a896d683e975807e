package io.agentloop.core.loop;

import io.agentloop.api.memory.TokenEstimator;
import io.agentloop.api.message.Message;
import io.agentloop.api.model.ChatModel;
import io.agentloop.api.run.CompactionOptions;
import io.agentloop.core.catalog.ModelCatalog;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decides when the conversation is too long: by message count, or when its estimated tokens pass
 * the threshold share of the model's context window (seed 003: at 80 % of the limit), or an
 * absolute count configured instead. The window comes from the configuration, else from the
 * {@link ModelCatalog}, else {@link ModelCatalog#ASSUMED_WINDOW} is assumed and a warning says so, once per
 * model in the process. Pure once made: the window is fixed for the run.
 */
final class CompactionTrigger {
    private static final long ASSUMED_WINDOW = ModelCatalog.ASSUMED_WINDOW;
    private static final Logger log = LoggerFactory.getLogger(CompactionTrigger.class);
    private static final Set<String> ASSUMED_FOR = ConcurrentHashMap.newKeySet();

    private final CompactionOptions options;
    private final TokenEstimator estimator;
    private final long window;
    private final String model;

    CompactionTrigger(CompactionOptions options, TokenEstimator estimator, ChatModel model) {
        this.options = options;
        this.estimator = estimator;
        String provider = model.provider().orElse("");
        this.model = provider.isEmpty() ? model.name() : provider + "/" + model.name();
        this.window = window(options, provider, model.name());
    }

    /** The context window compaction measures against, in tokens. */
    static long window(CompactionOptions options, String provider, String name) {
        String suffix = "/" + name.toLowerCase(Locale.ROOT);
        return options.contextWindow(provider, name)
                .or(() -> options.contextWindows().entrySet().stream() // a model that does not name its provider
                        .filter(e -> e.getKey().endsWith(suffix)).map(Map.Entry::getValue).findFirst())
                .or(() -> ModelCatalog.builtIn().contextWindow(provider, name))
                .orElseGet(() -> {
                    String key = (provider + "/" + name).toLowerCase(Locale.ROOT);
                    if (options.maxTokens() == 0 && options.threshold() > 0 && ASSUMED_FOR.add(key)) {
                        log.warn("The context window of {} is not known: compaction assumes {} tokens and starts at {}. "
                                + "Set compaction.context-windows (\"{} <tokens>\") to its real window.", key,
                                ASSUMED_WINDOW, limit(options, ASSUMED_WINDOW), key);
                    }
                    return ASSUMED_WINDOW;
                });
    }

    /** Why compaction is needed, or null when it is not. */
    String reason(List<Message> messages) {
        if (!options.enabled()) {
            return null;
        }
        if (options.maxMessages() > 0 && messages.size() > options.maxMessages()) {
            return messages.size() + " messages, over the threshold of " + options.maxMessages();
        }
        long limit = tokenLimit();
        if (limit > 0) {
            long tokens = estimator.estimate(messages);
            if (tokens > limit) {
                return "about " + tokens + " tokens, over the threshold of " + limit + (options.maxTokens() > 0 ? ""
                        : String.format(Locale.ROOT, " (%.0f %% of %s's context window of %d)",
                                options.threshold() * 100, model, window));
            }
        }
        return null;
    }

    /** The estimated tokens past which compaction starts; 0 when tokens do not start it. */
    long tokenLimit() {
        return options.maxTokens() > 0 ? options.maxTokens() : limit(options, window);
    }

    private static long limit(CompactionOptions options, long window) {
        return (long) (window * options.threshold());
    }

    int targetMessages() {
        return options.maxMessages() / 2;
    }

    long targetTokens() {
        return tokenLimit() / 2;
    }

    String strategy() {
        return options.strategy();
    }
}
