package io.agentloop.spring;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;

/**
 * Each plugin's own settings, {@code agentloop.plugins.<id>.<key>}, as {@code <id>.<key>} for the
 * plugin host. They sit beside the starter's {@code plugins.folders} and {@code plugins.disabled},
 * under names no record could list, so they are read from the environment as a tree.
 */
final class PluginSettings {
    private static final Set<String> OWN_KEYS = Set.of("folders", "disabled");

    private PluginSettings() {
    }

    static Map<String, String> from(Environment environment) {
        Map<String, Object> tree = Binder.get(environment)
                .bind("agentloop.plugins", Bindable.mapOf(String.class, Object.class)).orElse(Map.of());
        Map<String, String> settings = new LinkedHashMap<>();
        tree.forEach((id, value) -> {
            if (!OWN_KEYS.contains(id) && value instanceof Map<?, ?> keys) {
                flatten(id, keys, settings);
            }
        });
        return settings;
    }

    private static void flatten(String prefix, Map<?, ?> keys, Map<String, String> into) {
        keys.forEach((key, value) -> {
            if (value instanceof Map<?, ?> below) {
                flatten(prefix + "." + key, below, into);
            } else {
                into.put(prefix + "." + key, String.valueOf(value));
            }
        });
    }
}
