package io.agentloop.launcher;

import io.agentloop.api.model.ChatModel;
import io.agentloop.api.model.ModelConfig;
import io.agentloop.api.model.ModelProvider;
import io.agentloop.core.plugin.PluginHost;
import io.agentloop.core.plugin.PluginHostOptions;
import io.agentloop.core.plugin.PluginProblem;
import io.agentloop.core.registry.Extensions;
import io.agentloop.core.registry.Registered;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.stream.Collectors;

/**
 * What the launcher runs on: the built-in extensions and those of the plugins (from the
 * installation's {@code plugins/} and {@code plugins.folders}), frozen into registries before
 * anything runs. Plugin problems are printed to stderr, one line each; they never stop the launcher.
 * Close it to stop the plugins.
 */
final class Platform implements AutoCloseable {
    private final Extensions extensions;
    private final PluginHost plugins;
    private final LauncherConfig config;

    private Platform(Extensions extensions, PluginHost plugins, LauncherConfig config) {
        this.extensions = extensions;
        this.plugins = plugins;
        this.config = config;
    }

    static Platform start(Path home, LauncherConfig config, PrintWriter err) {
        Extensions extensions = Extensions.discoverBuiltIns();
        List<Path> folders = new ArrayList<>();
        folders.add(home.resolve("plugins"));
        config.list("plugins.folders").forEach(folder -> folders.add(Path.of(folder)));
        PluginHost plugins = PluginHost.load(new PluginHostOptions(folders, new HashSet<>(config.list("plugins.disabled")),
                Launcher.platformVersion()), extensions);
        extensions.freeze();
        for (PluginProblem problem : plugins.problems()) {
            err.println("agentloop: plugin " + problem);
        }
        err.flush();
        return new Platform(extensions, plugins, config);
    }

    Extensions extensions() {
        return extensions;
    }

    PluginHost plugins() {
        return plugins;
    }

    /** The configured chat model, or a configuration error saying exactly what to set. */
    ChatModel model() {
        String available = extensions.providers().entries().stream().map(Registered::name)
                .collect(Collectors.joining(", "));
        String providerId = config.get("provider").orElseThrow(() -> new ConfigLoader.ConfigurationException(
                "no model provider is configured. Set one with --provider and --model, or AGENTLOOP_PROVIDER and "
                        + "AGENTLOOP_MODEL, or provider: and model: in conf/agentloop.yaml. Providers: " + available
                        + ". For example: AGENTLOOP_PROVIDER=openai AGENTLOOP_MODEL=gpt-4.1-mini OPENAI_API_KEY=... "
                        + "agentloop run \"...\" (or agentloop run --example to see the loop offline)"));
        ModelProvider provider = extensions.providers().get(providerId).orElseThrow(() ->
                new ConfigLoader.ConfigurationException("there is no model provider '" + providerId
                        + "'. Providers: " + available));
        String model = config.get("model").orElseThrow(() -> new ConfigLoader.ConfigurationException(
                "no model is configured for provider '" + providerId + "'. Set one with --model, AGENTLOOP_MODEL, "
                        + "or model: in conf/agentloop.yaml"));
        return provider.create(new ModelConfig(model, config.section("providers." + providerId)));
    }

    @Override
    public void close() {
        plugins.close();
    }
}
