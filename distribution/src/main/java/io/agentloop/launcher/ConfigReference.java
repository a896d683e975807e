package io.agentloop.launcher;

import io.agentloop.api.model.ModelProvider;
import io.agentloop.api.setting.Setting;
import io.agentloop.core.registry.Extensions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Writes the configuration reference of docs/configuration.md from the schema the launcher checks
 * files against ({@link ConfigSchema}, {@link ConfigKeyHelp}, the variables of {@link ConfigLoader})
 * and from the settings the built-in providers declare, so the reference cannot drift from what
 * {@code config --check} accepts. Run by {@code ./dev docs}; a test compares the committed page with
 * what this writes.
 */
public final class ConfigReference {
    static final String START = "<!-- reference:start -->";
    static final String END = "<!-- reference:end -->";

    private ConfigReference() {
    }

    /** Rewrites the reference section of the page given (default {@code docs/configuration.md}). */
    public static void main(String[] args) throws IOException {
        Path page = Path.of(args.length > 0 ? args[0] : "docs/configuration.md");
        Files.writeString(page, withReference(Files.readString(page)));
        System.out.println("wrote the configuration reference into " + page);
    }

    /** The page with the text between its markers replaced by the reference. */
    static String withReference(String page) {
        int start = page.indexOf(START);
        int end = page.indexOf(END);
        if (start < 0 || end < start) {
            throw new IllegalArgumentException("the page has no '" + START + "' followed by '" + END
                    + "': put them where the reference goes");
        }
        return page.substring(0, start + START.length()) + "\n" + reference() + page.substring(end);
    }

    /** The reference: one table per section of the launcher's keys, then each built-in provider's settings. */
    static String reference() {
        List<String> undescribed = ConfigSchema.KEYS.keySet().stream().filter(k -> ConfigKeyHelp.of(k).isEmpty()).toList();
        if (!undescribed.isEmpty()) {
            throw new IllegalStateException("configuration keys without a line of help: " + undescribed
                    + "; describe them in ConfigKeyHelp");
        }
        Map<String, String> variables = ConfigLoader.ENVIRONMENT.entrySet().stream()
                .collect(Collectors.toMap(Map.Entry::getValue, Map.Entry::getKey));
        Map<String, List<String>> sections = new LinkedHashMap<>();
        ConfigSchema.KEYS.keySet().forEach(key -> sections.computeIfAbsent(key.contains(".")
                ? "`" + key.substring(0, key.indexOf('.')) + "`" : "Top level", s -> new ArrayList<>()).add(key));
        StringBuilder out = new StringBuilder();
        sections.forEach((section, keys) -> {
            out.append("\n### ").append(section).append("\n\n| key | value | variable | what it does |\n|---|---|---|---|\n");
            for (String key : keys) {
                out.append("| `").append(shown(key)).append("` | ").append(cell(ConfigSchema.KEYS.get(key).expected()))
                        .append(" | ").append(variables.containsKey(key) ? "`" + variables.get(key) + "`" : "")
                        .append(" | ").append(cell(ConfigKeyHelp.of(key).orElseThrow())).append(" |\n");
            }
        });
        out.append("\n### Provider settings\n\nWhat each built-in provider declares under `providers.<id>`, checked "
                + "like the keys above (see [providers.md](providers.md) for what they do together).\n");
        List<ModelProvider> providers = new ArrayList<>(Extensions.discoverBuiltIns().providers().all());
        providers.sort(Comparator.comparing(ModelProvider::id));
        for (ModelProvider provider : providers) {
            out.append("\n#### `").append(provider.id()).append("`\n\n| key | value | default | what it does |\n|---|---|---|---|\n");
            List<Setting> settings = new ArrayList<>(DeclaredSettings.PROVIDER_KEYS);
            settings.addAll(provider.settings());
            for (Setting setting : settings) {
                out.append("| `providers.").append(provider.id()).append('.').append(setting.name().replace("*", "<Name>"))
                        .append("` | ")
                        .append(cell(setting.choices().isEmpty() ? setting.type().expected()
                                : "one of " + String.join(", ", setting.choices())))
                        .append(" | ").append(cell(setting.defaultValue().orElse(""))).append(" | ")
                        .append(cell(setting.help())).append(" |\n");
            }
        }
        return out.toString();
    }

    /** A key as the reference shows it: {@code *} named for what it stands for. */
    static String shown(String key) {
        return key.replace("*", key.startsWith("providers.") || key.startsWith("plugins.") ? "<id>" : "<name>");
    }

    /** Text made safe for a table cell. */
    private static String cell(String text) {
        return text.replace("|", "\\|").replace("\n", " ");
    }
}
