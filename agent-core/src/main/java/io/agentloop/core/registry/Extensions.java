package io.agentloop.core.registry;

import io.agentloop.api.event.AgentListener;
import io.agentloop.api.hook.Hook;
import io.agentloop.api.memory.CompactionStrategy;
import io.agentloop.api.model.ModelProvider;
import io.agentloop.api.session.SessionStore;
import io.agentloop.api.tool.Tool;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.function.Consumer;
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
    private final Registry<SessionStore> sessionStores = new Registry<>("session store", s -> s.getClass().getName());
    private final Registry<Hook> hooks = new Registry<>("hook", Hook::name);
    private final Registry<AgentListener> listeners = new Registry<>("listener", l -> l.getClass().getName());
    private final List<Registry.Conflict> conflicts = new ArrayList<>();

    /** Empty registries, to fill by hand (tests, embedding). */
    public static Extensions empty() {
        return new Extensions();
    }

    /** Registries holding the built-ins found with {@link ServiceLoader} on this class's loader. */
    public static Extensions discoverBuiltIns() {
        Extensions extensions = new Extensions();
        ClassLoader loader = Extensions.class.getClassLoader();
        extensions.load(ServiceLoader.load(Tool.class, loader), extensions::addBuiltIn);
        extensions.load(ServiceLoader.load(ModelProvider.class, loader), extensions::addBuiltIn);
        extensions.load(ServiceLoader.load(CompactionStrategy.class, loader), extensions::addBuiltIn);
        extensions.load(ServiceLoader.load(SessionStore.class, loader), extensions::addBuiltIn);
        extensions.load(ServiceLoader.load(Hook.class, loader), extensions::addBuiltIn);
        extensions.load(ServiceLoader.load(AgentListener.class, loader), extensions::addBuiltIn);
        return extensions;
    }

    private <T> void load(ServiceLoader<T> loader, Consumer<T> add) {
        for (ServiceLoader.Provider<T> provider : loader.stream().toList()) {
            try {
                add.accept(provider.get());
            } catch (RuntimeException | LinkageError e) {
                log.error("built-in {} could not be created and is skipped: {}", provider.type().getName(), e.toString());
            }
        }
    }

    private void addBuiltIn(Object extension) {
        add(extension, Origin.BUILT_IN);
    }

    /**
     * Registers an extension in every registry whose SPI it implements. Name clashes are recorded
     * (see {@link #conflicts()}) and logged; the first registration keeps the name.
     */
    public synchronized void add(Object extension, Origin origin) {
        boolean matched = false;
        if (extension instanceof Tool t) {
            record(tools.register(t, origin));
            matched = true;
        }
        if (extension instanceof ModelProvider p) {
            record(providers.register(p, origin));
            matched = true;
        }
        if (extension instanceof CompactionStrategy c) {
            record(compactionStrategies.register(c, origin));
            matched = true;
        }
        if (extension instanceof SessionStore s) {
            record(sessionStores.register(s, origin));
            matched = true;
        }
        if (extension instanceof Hook h) {
            record(hooks.register(h, origin));
            matched = true;
        }
        if (extension instanceof AgentListener l) {
            record(listeners.register(l, origin));
            matched = true;
        }
        if (!matched) {
            throw new IllegalArgumentException(extension.getClass().getName() + " from " + origin
                    + " implements no Agentloop SPI");
        }
    }

    private void record(java.util.Optional<Registry.Conflict> conflict) {
        conflict.ifPresent(c -> {
            conflicts.add(c);
            log.warn("{}", c);
        });
    }

    /** Freezes every registry; call before the first run. */
    public Extensions freeze() {
        tools.freeze();
        providers.freeze();
        compactionStrategies.freeze();
        sessionStores.freeze();
        hooks.freeze();
        listeners.freeze();
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

    public Registry<AgentListener> listeners() {
        return listeners;
    }

    /** Name clashes seen while registering, in order. */
    public synchronized List<Registry.Conflict> conflicts() {
        return List.copyOf(conflicts);
    }
}
