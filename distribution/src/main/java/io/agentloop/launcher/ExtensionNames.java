package io.agentloop.launcher;

import io.agentloop.hooks.memory.FileLongTermMemory;
import io.agentloop.core.registry.Extensions;
import io.agentloop.core.registry.Registered;
import io.agentloop.core.registry.Registry;
import io.agentloop.core.text.Nearest;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The keys whose value names an extension (a compaction strategy, a decision policy, a store...).
 * Their allowed values are the built-ins and what the installed plugins add, so they are checked
 * against the platform's registries rather than in {@link ConfigSchema}: by {@code config --check},
 * with every name there is in the message.
 */
final class ExtensionNames {
    /**
     * @param builtIns names the launcher handles itself, beside the registry's
     */
    private record Choice(String key, String what, Function<Extensions, Registry<?>> registry, List<String> builtIns) {
    }

    private static final List<Choice> CHOICES = List.of(
            new Choice("provider", "model provider", Extensions::providers, List.of()),
            new Choice("run.retry-classifier", "retry classifier", Extensions::retryClassifiers, List.of()),
            new Choice("run.decision-policy", "decision policy", Extensions::decisionPolicies, List.of()),
            new Choice("compaction.strategy", "compaction strategy", Extensions::compactionStrategies, List.of()),
            new Choice("memory.short-term", "short-term memory", Extensions::memories, List.of()),
            new Choice("memory.store", "long-term memory", Extensions::longTermMemories,
                    List.of(FileLongTermMemory.NAME)),
            new Choice("sessions.store", "session store", Extensions::sessionStores, List.of("file")));

    private ExtensionNames() {
    }

    /** One line per key naming an extension that is not there: where it was set, and what there is. */
    static List<String> problems(LauncherConfig config, Extensions extensions) {
        List<String> problems = new ArrayList<>();
        List<Choice> choices = new ArrayList<>(CHOICES);
        config.get("provider").map(String::strip).ifPresent(provider -> choices.add(new Choice("providers." + provider
                + ".formatter", "formatter", Extensions::formatters, List.of())));
        for (Choice choice : choices) {
            config.get(choice.key()).map(String::strip).ifPresent(name -> {
                List<String> known = new ArrayList<>(choice.builtIns());
                choice.registry().apply(extensions).entries().stream().map(Registered::name)
                        .filter(n -> !known.contains(n)).forEach(known::add);
                if (!known.contains(name)) {
                    problems.add(config.where(choice.key()).orElse("") + ": " + choice.key() + ": there is no "
                            + choice.what() + " '" + name + "'" + Nearest.to(name, known)
                            .map(n -> "; did you mean '" + n + "'?").orElse("") + " (there are: "
                            + String.join(", ", known) + ")");
                }
            });
        }
        return problems;
    }
}
