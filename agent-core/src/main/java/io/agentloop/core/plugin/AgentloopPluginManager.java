package io.agentloop.core.plugin;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.pf4j.CompoundPluginLoader;
import org.pf4j.DefaultExtensionFinder;
import org.pf4j.DefaultPluginLoader;
import org.pf4j.DefaultPluginManager;
import org.pf4j.ExtensionFinder;
import org.pf4j.JarPluginLoader;
import org.pf4j.PluginClassLoader;
import org.pf4j.PluginDescriptor;
import org.pf4j.PluginLoader;
import org.pf4j.PluginManager;
import org.pf4j.PluginStatusProvider;

/**
 * PF4J configured for Agentloop: plugins are jars (or zips) found in the given folders; extensions
 * are found both from PF4J's {@code @Extension} index and from {@code META-INF/services} files;
 * the Agentloop API and SLF4J always come from the host, so a plugin that bundled them by mistake
 * still works; which plugins are disabled comes from configuration, not from files in the folder.
 */
final class AgentloopPluginManager extends DefaultPluginManager {
    private final Set<String> disabled;

    AgentloopPluginManager(List<Path> folders, Set<String> disabled) {
        super(folders);
        this.disabled = disabled;
        // The parent constructor built the status provider before our field was set.
        this.pluginStatusProvider = createPluginStatusProvider();
    }

    @Override
    protected ExtensionFinder createExtensionFinder() {
        DefaultExtensionFinder finder = (DefaultExtensionFinder) super.createExtensionFinder();
        finder.addServiceProviderExtensionFinder();
        return finder;
    }

    @Override
    protected PluginStatusProvider createPluginStatusProvider() {
        Set<String> off = disabled == null ? Set.of() : disabled;
        return new PluginStatusProvider() {
            @Override
            public boolean isPluginDisabled(String pluginId) {
                return off.contains(pluginId);
            }

            @Override
            public void disablePlugin(String pluginId) {
                throw new UnsupportedOperationException("plugins are disabled in the configuration (plugins.disabled)");
            }

            @Override
            public void enablePlugin(String pluginId) {
                throw new UnsupportedOperationException("plugins are enabled in the configuration (plugins.disabled)");
            }
        };
    }

    @Override
    protected PluginLoader createPluginLoader() {
        return new CompoundPluginLoader()
                .add(new JarPluginLoader(this) {
                    @Override
                    protected PluginClassLoader createPluginClassLoader(Path path, PluginDescriptor descriptor) {
                        return new HostFirstForApi(pluginManager, descriptor, AgentloopPluginManager.class.getClassLoader());
                    }
                })
                .add(new DefaultPluginLoader(this) {
                    @Override
                    protected PluginClassLoader createPluginClassLoader(Path path, PluginDescriptor descriptor) {
                        return new HostFirstForApi(pluginManager, descriptor, AgentloopPluginManager.class.getClassLoader());
                    }
                });
    }

    /** Plugin-first loading, except for the classes plugins and host must share. */
    private static final class HostFirstForApi extends PluginClassLoader {
        HostFirstForApi(PluginManager manager, PluginDescriptor descriptor, ClassLoader parent) {
            super(manager, descriptor, parent);
        }

        @Override
        protected boolean shouldDelegateToParent(String className) {
            return super.shouldDelegateToParent(className) || className.startsWith("io.agentloop.api.")
                    || className.startsWith("org.slf4j.");
        }
    }
}
