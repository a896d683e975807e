package io.agentloop.launcher;

import io.agentloop.api.setting.Setting;
import io.agentloop.core.text.Nearest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Checks the settings of an extension's section ({@code providers.<id>}, {@code plugins.<id>})
 * against the settings it declares: a key none of them matches is a problem naming the nearest, a
 * value that does not fit is one naming what was expected. An extension that declares none is not
 * checked: its settings are passed on as given.
 */
final class DeclaredSettings {
    /** Read by the launcher itself from every provider's section. */
    static final List<Setting> PROVIDER_KEYS = List.of(Setting.text("formatter",
            "the formatter that writes this provider's requests").withDefault("native"));

    private DeclaredSettings() {
    }

    /** One line per problem, naming where the key was set; none when nothing is declared (a provider's). */
    static List<String> problems(LauncherConfig config, String section, List<Setting> declared) {
        return declared.isEmpty() ? List.of() : checked(config, section, declared);
    }

    /** As above, and every key is unknown when the list is empty (a plugin that declares it reads none). */
    static List<String> checked(LauncherConfig config, String section, List<Setting> declared) {
        List<String> problems = new ArrayList<>();
        for (Map.Entry<String, String> entry : config.section(section).entrySet()) {
            String key = entry.getKey();
            String full = section + "." + key;
            String at = config.where(full).orElse(section);
            declared.stream().filter(s -> s.matches(key)).findFirst().ifPresentOrElse(
                    setting -> setting.mismatch(entry.getValue()).ifPresent(expected -> problems.add(at + ": " + full
                            + ": expected " + expected + ", found '" + entry.getValue() + "'")),
                    () -> {
                        List<String> names = declared.stream().map(Setting::name).toList();
                        problems.add(at + ": unknown key '" + full + "'" + Nearest.to(key, names)
                                .map(near -> "; did you mean '" + section + "." + near + "'?")
                                .orElseGet(() -> names.isEmpty() ? "; it takes no settings"
                                        : "; known keys here: " + String.join(", ", names)));
                    });
        }
        return problems;
    }
}
