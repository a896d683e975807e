package io.agentloop.launcher;

import io.agentloop.api.model.ChatModel;
import io.agentloop.api.model.ModelConfig;
import io.agentloop.api.model.ModelProvider;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolSource;
import io.agentloop.core.plugin.PluginHost;
import io.agentloop.core.plugin.PluginHostOptions;
import io.agentloop.core.plugin.PluginProblem;
import io.agentloop.core.registry.Extensions;
import io.agentloop.core.registry.PluginCode;
import io.agentloop.core.registry.Registered;
import io.agentloop.core.text.Nearest;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What the launcher runs on: the built-in extensions and those of the plugins (from the
 * installation's {@code plugins/} and {@code plugins.folders}), frozen into registries before
 * anything runs. Plugin problems are printed to stderr, one line each; they never stop the launcher.
 * Close it to stop the plugins.
 */
final class Platform implements AutoCloseable {
    static final String DEMO_PROVIDER = "llamacpp";
    static final String DEMO_MODEL = "stories260K.gguf";
    private final Extensions extensions;
    private final PluginHost plugins;
    private final LauncherConfig config;
    private final Path home;
    private final PrintWriter err;
    private List<Tool> sourceTools;
    private List<Path> pluginSkillFolders;
    private final List<java.nio.file.FileSystem> openJars = new ArrayList<>();
    /**
     * Tool sources may own processes (MCP servers). On Ctrl-C the JVM ends while the command is
     * still on its way to closing the platform, so this stops them then; a closed platform removes it.
     */
    private final Thread closeSourcesAtExit = new Thread(this::closeSources, "agentloop-tool-sources");
    private boolean sourcesClosed;

    private Platform(Extensions extensions, PluginHost plugins, LauncherConfig config, Path home, PrintWriter err) {
        this.extensions = extensions;
        this.plugins = plugins;
        this.config = config;
        this.home = home;
        this.err = err;
        try {
            Runtime.getRuntime().addShutdownHook(closeSourcesAtExit);
        } catch (IllegalStateException shuttingDown) {
            // Ctrl-C during start-up: the JVM is ending before any source started, and a server started
            // from now on sees its standard input close as the JVM ends
        }
    }

    /** The installation folder. */
    Path home() {
        return home;
    }

    static Platform start(Path home, LauncherConfig config, PrintWriter err) {
        Extensions extensions = Extensions.discoverBuiltIns();
        List<Path> folders = new ArrayList<>();
        folders.add(home.resolve("plugins"));
        config.list("plugins.folders").forEach(folder -> folders.add(Path.of(folder)));
        PluginHost plugins = PluginHost.load(new PluginHostOptions(folders, new HashSet<>(config.list("plugins.disabled")),
                Launcher.platformVersion(), pluginSettings(config), PluginHostOptions.defaultDataRoot()), extensions);
        extensions.freeze();
        for (PluginProblem problem : plugins.problems()) {
            err.println("agentloop: plugin " + problem);
        }
        err.flush();
        return new Platform(extensions, plugins, config, home, err);
    }

    /**
     * The {@code skills/} folders inside the started plugins' jars (read in place, as a zip file
     * system each, closed with the platform). Opened once: a server sets up an agent for every run.
     */
    synchronized List<Path> pluginSkillFolders() {
        if (pluginSkillFolders != null) {
            return pluginSkillFolders;
        }
        List<Path> folders = new ArrayList<>();
        for (io.agentloop.core.plugin.PluginInfo plugin : plugins.plugins()) {
            if (!plugin.state().equals("STARTED") && !plugin.state().equals("INCOMPLETE")) {
                continue;
            }
            try {
                java.nio.file.FileSystem jar = java.nio.file.FileSystems.newFileSystem(plugin.file());
                Path skills = jar.getPath("/skills");
                if (Files.isDirectory(skills)) {
                    openJars.add(jar);
                    folders.add(skills);
                } else {
                    jar.close();
                }
            } catch (IOException | RuntimeException e) {
                err.println("agentloop: plugin " + plugin.id() + ": its skills cannot be read: " + e.getMessage());
            }
        }
        pluginSkillFolders = List.copyOf(folders);
        return pluginSkillFolders;
    }

    /**
     * The tools of the tool sources (MCP servers...), connected on first use, in parallel across
     * sources. A connection that failed, or a tool whose name is taken by another tool, is a
     * problem line on stderr, never a silent loss; the rest go on.
     */
    synchronized List<Tool> sourceTools() {
        if (sourceTools != null) {
            return sourceTools;
        }
        List<ToolSource> sources = extensions.toolSources().all();
        List<List<Tool>> offered = sources.parallelStream()
                .map(source -> PluginCode.call(source, source::tools)).toList();
        Set<String> taken = new HashSet<>();
        extensions.tools().all().forEach(tool -> taken.add(tool.spec().name()));
        List<Tool> tools = new ArrayList<>();
        for (int i = 0; i < sources.size(); i++) {
            ToolSource source = sources.get(i);
            for (ToolSource.Connection connection : source.connections()) {
                connection.problem().ifPresent(problem -> err.println("agentloop: " + source.name() + " '"
                        + connection.name() + "' " + problem));
            }
            for (Tool tool : offered.get(i)) {
                if (taken.add(tool.spec().name())) {
                    tools.add(tool);
                } else {
                    err.println("agentloop: " + source.name() + ": the tool '" + tool.spec().name() + "' is left out: "
                            + "another tool has that name (rename the server, or leave the other tool out)");
                }
            }
        }
        err.flush();
        sourceTools = List.copyOf(tools);
        return sourceTools;
    }

    /**
     * {@code plugins.<id>.<key>} as {@code <id>.<key>}; the launcher's own plugins.disabled and .folders
     * left out. The {@code mcp} section is the {@code mcp} plugin's ({@code mcp.servers...}).
     */
    static Map<String, String> pluginSettings(LauncherConfig config) {
        Map<String, String> settings = new java.util.LinkedHashMap<>(config.section("plugins"));
        settings.keySet().removeIf(key -> key.indexOf('.') < 0);
        config.section("mcp").forEach((key, value) -> settings.put("mcp." + key, value));
        return settings;
    }

    /**
     * The settings each plugin declares ({@link io.agentloop.api.plugin.PluginSettings}), by plugin
     * id; a plugin that declares none is absent. A declaration that fails is said on stderr and left out.
     */
    Map<String, List<io.agentloop.api.setting.Setting>> pluginSettingDeclarations() {
        Map<String, List<io.agentloop.api.setting.Setting>> declared = new java.util.TreeMap<>();
        for (Registered<io.agentloop.api.plugin.PluginSettings> entry : extensions.pluginSettings().entries()) {
            try {
                List<io.agentloop.api.setting.Setting> settings = List.copyOf(entry.extension().settings());
                declared.computeIfAbsent(entry.origin().id(), id -> new ArrayList<>()).addAll(settings);
            } catch (RuntimeException e) {
                err.println("agentloop: " + entry.origin() + ": its settings (" + entry.extension().getClass().getName()
                        + ") cannot be listed: " + e);
                err.flush();
            }
        }
        return declared;
    }

    Extensions extensions() {
        return extensions;
    }

    PluginHost plugins() {
        return plugins;
    }

    /**
     * The configured chat model, or a configuration error saying exactly what to set, also when the
     * provider refuses one of its settings.
     */
    ChatModel model() {
        String available = extensions.providers().entries().stream().map(Registered::name)
                .collect(Collectors.joining(", "));
        String providerId = config.get("provider").orElseThrow(() -> new ConfigLoader.ConfigurationException(
                "no model provider is configured. Set one with --provider and --model, or AGENTLOOP_PROVIDER and "
                        + "AGENTLOOP_MODEL, or provider: and model: in conf/agentloop.yaml. Providers: " + available
                        + ". For example: AGENTLOOP_PROVIDER=openai AGENTLOOP_MODEL=gpt-4.1-mini OPENAI_API_KEY=... "
                        + "agentloop run \"...\" (or agentloop run --example to see the loop offline)"));
        ModelProvider provider = extensions.providers().get(providerId).orElseThrow(() ->
                new ConfigLoader.ConfigurationException("there is no model provider '" + providerId + "'"
                        + Nearest.to(providerId, extensions.providers().entries().stream().map(Registered::name)
                        .toList()).map(id -> "; did you mean '" + id + "'?").orElse(".") + " Providers: " + available));
        String model = config.get("model").orElseThrow(() -> new ConfigLoader.ConfigurationException(
                "no model is configured for provider '" + providerId + "'. Set one with --model, AGENTLOOP_MODEL, "
                        + "or model: in conf/agentloop.yaml"));
        return model(model);
    }

    /** Another model of the configured provider (a sub-agent's {@code agents.<name>.model}). */
    ChatModel model(String model) {
        String providerId = config.get("provider").orElseThrow();
        ModelProvider provider = extensions.providers().get(providerId).orElseThrow();
        List<String> problems = providerProblems(providerId, provider);
        if (!problems.isEmpty()) {
            throw new ConfigLoader.ConfigurationException(String.join("\n", problems));
        }
        try {
            // The launcher's own keys of the section (formatter) are read by the launcher; the provider
            // gets the rest, and refuses a key it does not know.
            Map<String, String> section = new HashMap<>(config.section("providers." + providerId));
            DeclaredSettings.PROVIDER_KEYS.forEach(own -> section.keySet().removeIf(own::matches));
            ModelConfig settings = new ModelConfig(model, section);
            return PluginCode.call(provider, () -> provider.create(settings));
        } catch (IllegalArgumentException | io.agentloop.api.AgentException e) {
            // A provider refuses its settings (a base URL that is not one, a duration that is not one)
            // when it creates the model: that is the user's configuration to fix, not a failed run.
            throw new ConfigLoader.ConfigurationException("provider " + providerId + " (providers." + providerId
                    + ".*): " + e.getMessage());
        }
    }

    /**
     * What is wrong with {@code providers.<id>.*} by the settings the provider declares (with the
     * launcher's own {@code formatter}); nothing when it declares none.
     */
    List<String> providerProblems(String providerId, ModelProvider provider) {
        List<io.agentloop.api.setting.Setting> declared = provider.settings();
        if (!declared.isEmpty()) {
            declared = new ArrayList<>(declared);
            declared.addAll(DeclaredSettings.PROVIDER_KEYS);
        }
        return DeclaredSettings.problems(config, "providers." + providerId, declared);
    }

    /**
     * The offline demo's model: the tiny story model shipped in the installation's {@code models/},
     * run in process by the llamacpp plugin at temperature 0. Of the user's llamacpp settings only
     * {@code threads} and {@code native-log} apply.
     */
    ChatModel demoModel() {
        ModelProvider provider = extensions.providers().get(DEMO_PROVIDER).orElseThrow(() ->
                new ConfigLoader.ConfigurationException("the demo needs the llamacpp provider plugin "
                        + "(plugins/llamacpp-plugin-*.jar in " + home + "), which is missing or disabled in "
                        + "plugins.disabled. Reinstall the distribution or enable the plugin"));
        Path model = home.resolve("models").resolve(DEMO_MODEL);
        if (!Files.isRegularFile(model)) {
            throw new ConfigLoader.ConfigurationException("the demo's model is missing: " + model
                    + ". The distribution ships it; reinstall it, or run a model of your own with --provider llamacpp "
                    + "--model FILE.gguf");
        }
        Map<String, String> settings = new HashMap<>();
        Map<String, String> user = config.section("providers." + DEMO_PROVIDER);
        for (String key : List.of("threads", "native-log")) {
            if (user.containsKey(key)) {
                settings.put(key, user.get(key));
            }
        }
        settings.put("model-path", model.toString());
        settings.put("temperature", "0");
        settings.put("max-tokens", "160");
        settings.put("context-size", "2048");
        ModelConfig demo = new ModelConfig(DEMO_MODEL, settings);
        return PluginCode.call(provider, () -> provider.create(demo));
    }

    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(closeSourcesAtExit);
        } catch (IllegalStateException e) {
            // the JVM is ending: the hook closes them (or has), and closeSources waits for it
        }
        closeSources();
        for (java.nio.file.FileSystem jar : openJars) {
            try {
                jar.close();
            } catch (IOException e) {
                // nothing was written to it
            }
        }
        plugins.close();
    }

    /** Closes the tool sources once; a second caller waits until the first is done. */
    private synchronized void closeSources() {
        if (sourcesClosed) {
            return;
        }
        sourcesClosed = true;
        for (ToolSource source : extensions.toolSources().all()) {
            try {
                source.close();
            } catch (RuntimeException e) {
                err.println("agentloop: " + source.name() + " did not close cleanly: " + e);
            }
        }
        err.flush();
    }
}
