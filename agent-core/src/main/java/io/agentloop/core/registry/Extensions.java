package io.agentloop.core.registry;

import io.agentloop.api.event.AgentListener;
import io.agentloop.api.format.Formatter;
import io.agentloop.api.hook.Hook;
import io.agentloop.api.memory.CompactionStrategy;
import io.agentloop.api.memory.LongTermMemory;
import io.agentloop.api.memory.Memory;
import io.agentloop.api.metrics.MetricsExposition;
import io.agentloop.api.model.ModelProvider;
import io.agentloop.api.model.RetryClassifier;
import io.agentloop.api.plugin.PluginSettings;
import io.agentloop.api.run.DecisionPolicy;
import io.agentloop.api.session.SessionStore;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolServer;
import io.agentloop.api.tool.ToolSource;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every extension the platform knows, one registry per SPI. Built once at start-up (built-ins
 * from {@link ServiceLoader}, then plugins), then frozen and shared by every agent.
 *
 * <pre>{@code
 * Extensions extensions = Extensions.discoverBuiltIns().freeze();
 * Tool read = extensions.tools().get("read").orElseThrow();
 * }</pre>
 */
public final class Extensions {
    private static final Logger log = LoggerFactory.getLogger(Extensions.class);

    private final Registry<Tool> tools = new Registry<>("tool", t -> t.spec().name());
    private final Registry<ModelProvider> providers = new Registry<>("model provider", ModelProvider::id);
    private final Registry<CompactionStrategy> compactionStrategies =
            new Registry<>("compaction strategy", CompactionStrategy::name);
    private final Registry<SessionStore> sessionStores = new Registry<>("session store", SessionStore::name);
    private final Registry<Hook> hooks = new Registry<>("hook", Hook::name);
    private final Registry<AgentListener> listeners = new Registry<>("listener", l -> l.getClass().getName());
    @SuppressWarnings("rawtypes")
    private final Registry<Formatter> formatters = new Registry<>("formatter", Formatter::id);
    private final Registry<Memory> memories = new Registry<>("short-term memory", Memory::name);
    private final Registry<LongTermMemory> longTermMemories =
            new Registry<>("long-term memory", LongTermMemory::name);
    private final Registry<RetryClassifier> retryClassifiers =
            new Registry<>("retry classifier", RetryClassifier::name);
    private final Registry<DecisionPolicy> decisionPolicies =
            new Registry<>("decision policy", DecisionPolicy::name);
    private final Registry<ToolSource> toolSources = new Registry<>("tool source", ToolSource::name);
    private final Registry<ToolServer> toolServers = new Registry<>("tool server", ToolServer::name);
    /** Named by class: a plugin's declarations are found by their origin, not by a name of their own. */
    private final Registry<PluginSettings> pluginSettings =
            new Registry<>("plugin settings", s -> s.getClass().getName());
    /** Named by class: the server writes every enabled one, in order, at {@code /metrics}. */
    private final Registry<MetricsExposition> metricsExpositions =
            new Registry<>("metrics exposition", m -> m.getClass().getName());
    private final List<Slot<?>> slots = List.of(new Slot<>(Tool.class, tools), new Slot<>(ModelProvider.class, providers),
            new Slot<>(CompactionStrategy.class, compactionStrategies), new Slot<>(SessionStore.class, sessionStores),
            new Slot<>(Hook.class, hooks), new Slot<>(AgentListener.class, listeners),
            new Slot<>(Formatter.class, formatters), new Slot<>(Memory.class, memories),
            new Slot<>(LongTermMemory.class, longTermMemories), new Slot<>(RetryClassifier.class, retryClassifiers),
            new Slot<>(DecisionPolicy.class, decisionPolicies), new Slot<>(ToolSource.class, toolSources),
            new Slot<>(ToolServer.class, toolServers), new Slot<>(PluginSettings.class, pluginSettings),
            new Slot<>(MetricsExposition.class, metricsExpositions));
    private final List<Registry.Conflict> conflicts = new ArrayList<>();

    /** One SPI and its registry. */
    private record Slot<T>(Class<T> type, Registry<T> registry) {
        /** Registers {@code extension} if it implements this SPI; returns whether it did. */
        boolean offer(Object extension, Origin origin, List<Registry.Conflict> conflicts) {
            if (!type.isInstance(extension)) {
                return false;
            }
            // Recorded, not logged: whoever adds says it once, in its own words (a plugin's problem line).
            registry.register(type.cast(extension), origin).ifPresent(conflicts::add);
            return true;
        }

        void discover(Extensions into) {
            for (ServiceLoader.Provider<T> provider : ServiceLoader.load(type, Extensions.class.getClassLoader())
                    .stream().toList()) {
                try {
                    into.add(provider.get(), Origin.BUILT_IN);
                } catch (RuntimeException | LinkageError e) {
                    log.error("built-in {} could not be created and is skipped: {}", provider.type().getName(),
                            e.toString());
                }
            }
        }
    }

    /** Empty registries, to fill by hand (tests, embedding). */
    public static Extensions empty() {
        return new Extensions();
    }

    /**
     * Registries holding the built-ins found with {@link ServiceLoader} on this class's loader. A
     * class that implements several SPIs and is listed for each is registered once per listing;
     * the repeats are reported as conflicts.
     */
    public static Extensions discoverBuiltIns() {
        Extensions extensions = new Extensions();
        extensions.slots.forEach(slot -> slot.discover(extensions));
        extensions.conflicts.forEach(conflict -> log.warn("{}", conflict));
        return extensions;
    }

    /**
     * Registers an extension in every registry whose SPI it implements. Name clashes are recorded
     * (see {@link #conflicts()}) for the caller to report; the first registration keeps the name.
     *
     * @throws IllegalArgumentException if it implements no SPI
     * @throws IllegalStateException    once frozen
     */
    public synchronized void add(Object extension, Origin origin) {
        boolean matched = false;
        for (Slot<?> slot : slots) {
            matched |= slot.offer(extension, origin, conflicts);
        }
        if (!matched) {
            throw new IllegalArgumentException(extension.getClass().getName() + " from " + origin
                    + " implements no Agentloop SPI");
        }
    }

    /** Freezes every registry; call before the first run. */
    public Extensions freeze() {
        slots.forEach(slot -> slot.registry().freeze());
        return this;
    }

    public Registry<Tool> tools() {
        return tools;
    }

    public Registry<ModelProvider> providers() {
        return providers;
    }

    public Registry<CompactionStrategy> compactionStrategies() {
        return compactionStrategies;
    }

    public Registry<SessionStore> sessionStores() {
        return sessionStores;
    }

    public Registry<Hook> hooks() {
        return hooks;
    }

    public Registry<RetryClassifier> retryClassifiers() {
        return retryClassifiers;
    }

    public Registry<DecisionPolicy> decisionPolicies() {
        return decisionPolicies;
    }

    public Registry<ToolSource> toolSources() {
        return toolSources;
    }

    /** The plugins' declarations of their settings; each entry's origin names the plugin. */
    public Registry<PluginSettings> pluginSettings() {
        return pluginSettings;
    }

    /** What {@code agentloop serve} answers at {@code GET /metrics}. */
    public Registry<MetricsExposition> metricsExpositions() {
        return metricsExpositions;
    }

    public Registry<ToolServer> toolServers() {
        return toolServers;
    }

    public Registry<AgentListener> listeners() {
        return listeners;
    }

    @SuppressWarnings("rawtypes")
    public Registry<Formatter> formatters() {
        return formatters;
    }

    public Registry<Memory> memories() {
        return memories;
    }

    public Registry<LongTermMemory> longTermMemories() {
        return longTermMemories;
    }

    /** The SPI types extensions are registered under, for plugin discovery. */
    public List<Class<?>> spiTypes() {
        return slots.stream().<Class<?>>map(Slot::type).toList();
    }

    /** Name clashes seen while registering, in order. */
    public synchronized List<Registry.Conflict> conflicts() {
        return List.copyOf(conflicts);
    }
}
