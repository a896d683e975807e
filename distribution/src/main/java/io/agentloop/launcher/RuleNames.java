package io.agentloop.launcher;

import io.agentloop.api.permission.Decision;
import io.agentloop.core.permission.PermissionRule;
import io.agentloop.core.registry.Registered;
import io.agentloop.core.text.Nearest;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * Permission rules ({@code permissions.allow|ask|deny}) must name a tool that exists. A rule for a
 * tool that does not exist matches nothing, so a misspelled deny rule ({@code bsh(rm *)}) would
 * protect nothing while the user believes it does. Tool names are known only once the plugins are
 * loaded, so this runs on the {@link Platform}: where the agent is built, and in
 * {@code config --check}.
 */
final class RuleNames {
    /** Besides the registered tools: {@code fetch} (added by the launcher when enabled) and every tool. */
    private static final List<String> ALWAYS = List.of("fetch", "*");

    private RuleNames() {
    }

    /**
     * The names rules may use on this platform: every registered tool, disabled ones included, and
     * the tools of the tool sources (MCP servers, started for this).
     */
    static Set<String> known(Platform platform) {
        Set<String> names = new TreeSet<>();
        platform.extensions().tools().entries().stream().map(Registered::name).forEach(names::add);
        platform.sourceTools().forEach(tool -> names.add(tool.spec().name()));
        names.addAll(ALWAYS);
        return names;
    }

    /**
     * Rules naming no known tool are errors, unless a plugin is disabled or failed to load: its
     * tools are unknown then, so such rules are only warned about (a tool that is not there cannot
     * run, so no deny rule is weakened by letting the run go on).
     *
     * @return the warnings to show
     * @throws ConfigLoader.ConfigurationException naming every rule that names no known tool
     */
    static List<String> require(LauncherConfig config, Platform platform) {
        List<String> problems = problems(config, known(platform));
        boolean pluginsMissing = platform.plugins().plugins().stream().anyMatch(p -> !p.state().equals("STARTED"))
                || !platform.plugins().problems().isEmpty();
        boolean serversMissing = platform.extensions().toolSources().all().stream()
                .anyMatch(source -> source.connections().stream().anyMatch(c -> c.problem().isPresent()));
        if (problems.isEmpty() || (pluginsMissing || serversMissing)
                && problems.stream().allMatch(p -> p.contains("names no installed"))) {
            return problems.stream().map(p -> p + " (a plugin that is disabled or did not load, or an MCP server that "
                    + "did not start, may provide it)").toList();
        }
        throw new ConfigLoader.ConfigurationException(String.join("\n", problems));
    }

    /** One line per rule that is malformed or names no known tool, with where it was set. */
    static List<String> problems(LauncherConfig config, Collection<String> tools) {
        List<String> problems = new ArrayList<>();
        for (Decision decision : Decision.values()) {
            String key = "permissions." + decision.name().toLowerCase(Locale.ROOT);
            String where = config.where(key).map(w -> w + ": ").orElse("");
            for (String text : config.list(key)) {
                PermissionRule rule;
                try {
                    rule = PermissionRule.parse(decision, text);
                } catch (IllegalArgumentException e) {
                    problems.add(where + "permissions: " + e.getMessage());
                    continue;
                }
                if (!tools.contains(rule.tool())) {
                    String rest = text.strip().substring(rule.tool().length());
                    List<String> named = tools.stream().filter(t -> !t.equals("*")).toList();
                    problems.add(where + key + ": '" + text + "' names no installed tool ('" + rule.tool() + "')"
                            + Nearest.to(rule.tool(), named).map(tool -> "; did you mean '" + tool + rest + "'?")
                            .orElseGet(() -> "; the tools are " + String.join(", ", named) + ", or * for all"));
                }
            }
        }
        return problems;
    }
}
