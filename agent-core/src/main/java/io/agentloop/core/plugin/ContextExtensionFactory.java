package io.agentloop.core.plugin;

import io.agentloop.api.plugin.PluginContext;
import java.lang.reflect.InvocationTargetException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.pf4j.ExtensionFactory;
import org.pf4j.PluginManager;
import org.pf4j.PluginRuntimeException;
import org.pf4j.PluginWrapper;

/**
 * Creates a plugin's extensions: with its {@link PluginContext} when the class has a public
 * constructor taking one, else with its no-argument constructor. One context per plugin.
 */
final class ContextExtensionFactory implements ExtensionFactory {
    private final PluginManager manager;
    private final Function<PluginWrapper, PluginContext> contextOf;
    private final Map<String, PluginContext> contexts = new ConcurrentHashMap<>();

    ContextExtensionFactory(PluginManager manager, Function<PluginWrapper, PluginContext> contextOf) {
        this.manager = manager;
        this.contextOf = contextOf;
    }

    @Override
    public <T> T create(Class<T> type) {
        try {
            PluginWrapper plugin = manager.whichPlugin(type);
            if (plugin != null) {
                try {
                    PluginContext context = contexts.computeIfAbsent(plugin.getPluginId(),
                            id -> contextOf.apply(plugin));
                    return type.getConstructor(PluginContext.class).newInstance(context);
                } catch (NoSuchMethodException e) {
                    // no constructor for a context: the no-argument one below
                }
            }
            return type.getDeclaredConstructor().newInstance();
        } catch (InvocationTargetException e) {
            throw new PluginRuntimeException(e.getCause(), "the constructor of {} failed", type.getName());
        } catch (ReflectiveOperationException e) {
            throw new PluginRuntimeException(e, "{} has no public constructor taking nothing or a PluginContext",
                    type.getName());
        }
    }
}
