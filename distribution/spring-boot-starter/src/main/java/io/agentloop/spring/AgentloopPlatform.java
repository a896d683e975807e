package io.agentloop.spring;

import io.agentloop.api.model.ChatModel;
import io.agentloop.api.model.ModelConfig;
import io.agentloop.api.model.ModelProvider;
import io.agentloop.core.plugin.PluginHost;
import io.agentloop.core.plugin.PluginHostOptions;
import io.agentloop.core.plugin.PluginInfo;
import io.agentloop.core.plugin.PluginProblem;
import io.agentloop.core.registry.Extensions;
import io.agentloop.core.registry.PluginCode;
import io.agentloop.core.registry.Registered;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the application's agent is built on: the extensions found on the class path (the built-in
 * providers among them) and those of the plugins in {@code agentloop.plugins.folders}, frozen before
 * the agent is built, as the launcher's platform is. A plugin that fails is logged, one line each,
 * and kept in {@link #problems()} for the health indicator; it never stops the application. Closed
 * with the application context, which stops the plugins.
 */
public final class AgentloopPlatform implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(AgentloopPlatform.class);

    private final Extensions extensions;
    private final PluginHost plugins;

    private AgentloopPlatform(Extensions extensions, PluginHost plugins) {
        this.extensions = extensions;
        this.plugins = plugins;
    }

    /**
     * Discovers the built-ins and loads the plugins.
     *
     * @param settings each plugin's settings as {@code <id>.<key>} ({@code agentloop.plugins.<id>.<key>})
     */
    public static AgentloopPlatform start(AgentloopProperties.Plugins config, Map<String, String> settings) {
        Extensions extensions = Extensions.discoverBuiltIns();
        PluginHost plugins = PluginHost.load(new PluginHostOptions(config.folders(), new HashSet<>(config.disabled()),
                StarterVersion.platform(), settings, PluginHostOptions.defaultDataRoot()), extensions);
        extensions.freeze();
        for (PluginProblem problem : plugins.problems()) {
            log.warn("agentloop plugin {}", problem);
        }
        extensions.conflicts().forEach(conflict -> log.warn("agentloop: {}", conflict));
        return new AgentloopPlatform(extensions, plugins);
    }

    public Extensions extensions() {
        return extensions;
    }

    /** The plugins loaded, with their state ({@code STARTED}...). */
    public List<PluginInfo> plugins() {
        return plugins.plugins();
    }

    /** What went wrong with the plugins, one line each naming the file. */
    public List<PluginProblem> problems() {
        return plugins.problems();
    }

    /**
     * The model {@code agentloop.provider} and {@code agentloop.model} name, made by the provider from
     * {@code agentloop.providers.<provider>.*}.
     *
     * @throws IllegalStateException saying which key to set, or what the provider refused
     */
    public ChatModel model(AgentloopProperties config) {
        String available = extensions.providers().entries().stream().map(Registered::name)
                .collect(Collectors.joining(", "));
        if (config.provider() == null || config.provider().isBlank()) {
            throw new IllegalStateException("no model provider is configured: set agentloop.provider and "
                    + "agentloop.model (providers: " + available + "), or declare a ChatModel bean");
        }
        String id = config.provider().strip();
        ModelProvider provider = extensions.providers().get(id).orElseThrow(() -> new IllegalStateException(
                "agentloop.provider names '" + id + "', which is not a model provider here; there are: " + available));
        if (config.model() == null || config.model().isBlank()) {
            throw new IllegalStateException("no model is configured for provider '" + id + "': set agentloop.model");
        }
        try {
            ModelConfig settings = new ModelConfig(config.model().strip(), config.providerSettings());
            return PluginCode.call(provider, () -> provider.create(settings));
        } catch (IllegalArgumentException | io.agentloop.api.AgentException e) {
            throw new IllegalStateException("provider " + id + " (agentloop.providers." + id + ".*): "
                    + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        plugins.close();
    }
}
