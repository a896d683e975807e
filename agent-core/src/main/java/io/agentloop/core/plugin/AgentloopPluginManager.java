package io.agentloop.core.plugin;

import io.agentloop.api.plugin.PluginContext;
import java.io.IOException;
import java.lang.module.ModuleFinder;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.zip.ZipFile;
import org.pf4j.CompoundPluginDescriptorFinder;
import org.pf4j.CompoundPluginLoader;
import org.pf4j.DefaultPluginLoader;
import org.pf4j.DefaultPluginManager;
import org.pf4j.ExtensionFinder;
import org.pf4j.JarPluginLoader;
import org.pf4j.ManifestPluginDescriptorFinder;
import org.pf4j.PluginClassLoader;
import org.pf4j.PluginDescriptor;
import org.pf4j.PluginDescriptorFinder;
import org.pf4j.PluginLoader;
import org.pf4j.PluginManager;
import org.pf4j.PluginStatusProvider;
import org.pf4j.PluginWrapper;
import org.pf4j.PropertiesPluginDescriptorFinder;

/**
 * PF4J configured for Agentloop: plugins are jars (or zips) found in the given folders; extensions
 * are found both from PF4J's {@code @Extension} index and from {@code META-INF/services} files of the
 * extension points ({@link PluginExtensionFinder}); the Agentloop API, SLF4J and PF4J always come
 * from the host (a plugin that bundles Agentloop's classes is not started: {@link PluginPackaging}),
 * and nothing else of the host does (a plugin bundles the libraries it uses); which plugins are
 * disabled comes from
 * configuration, not from files in the folder.
 */
final class AgentloopPluginManager extends DefaultPluginManager {
    private final Set<String> disabled;
    private final PluginExtensionFinder finder;

    AgentloopPluginManager(List<Path> folders, Set<String> disabled, List<Class<?>> extensionPoints,
                           Function<PluginWrapper, PluginContext> contexts) {
        super(folders);
        this.disabled = disabled;
        // The parent constructor built these before our fields were set.
        this.pluginStatusProvider = createPluginStatusProvider();
        this.finder = new PluginExtensionFinder(this, extensionPoints);
        addPluginStateListener(finder);
        this.extensionFinder = finder;
        this.extensionFactory = new ContextExtensionFactory(this, contexts);
        // A plugin whose dependencies are missing is left out on its own; the default throws, and
        // then every later load and the final unload fail for all plugins.
        setResolveRecoveryStrategy(ResolveRecoveryStrategy.IGNORE_PLUGIN_AND_CONTINUE);
    }

    /** The class names a plugin's index and service files list, by file. */
    Map<String, Set<String>> listed(PluginWrapper plugin) {
        return finder.listed(plugin);
    }

    /** The descriptor of a plugin file, read the way loading reads it. */
    PluginDescriptor describe(Path file) {
        return getPluginDescriptorFinder().find(file);
    }

    @Override
    protected ExtensionFinder createExtensionFinder() {
        // Replaced in the constructor, which knows the extension points.
        return new PluginExtensionFinder(this, List.of());
    }

    @Override
    protected PluginDescriptorFinder createPluginDescriptorFinder() {
        // A plugin.properties descriptor wins over the manifest, as in PF4J, but it is only looked for
        // in files that have one: PF4J's finder opens every jar as a zip file system to find out.
        return new CompoundPluginDescriptorFinder()
                .add(new PropertiesPluginDescriptorFinder() {
                    @Override
                    public boolean isApplicable(Path pluginPath) {
                        return super.isApplicable(pluginPath) && mayHave(pluginPath, propertiesFileName);
                    }
                })
                .add(new ManifestPluginDescriptorFinder());
    }

    /** Whether the plugin folder or archive has {@code entry}; true when that cannot be told. */
    private static boolean mayHave(Path plugin, String entry) {
        if (Files.isDirectory(plugin)) {
            return Files.exists(plugin.resolve(entry));
        }
        try (ZipFile zip = new ZipFile(plugin.toFile())) {
            return zip.getEntry(entry) != null;
        } catch (IOException e) {
            return true;
        }
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
        ClassLoader host = new HostApi(AgentloopPluginManager.class.getClassLoader());
        return new CompoundPluginLoader()
                .add(new JarPluginLoader(this) {
                    @Override
                    protected PluginClassLoader createPluginClassLoader(Path path, PluginDescriptor descriptor) {
                        return new HostFirstForApi(pluginManager, descriptor, host);
                    }
                })
                .add(new DefaultPluginLoader(this) {
                    @Override
                    protected PluginClassLoader createPluginClassLoader(Path path, PluginDescriptor descriptor) {
                        return new HostFirstForApi(pluginManager, descriptor, host);
                    }
                });
    }

    /** The names plugins share with the host: the Agentloop API, SLF4J and PF4J itself. */
    static boolean shared(String className) {
        return className.startsWith("io.agentloop.api.") || className.startsWith("org.slf4j.")
                || className.startsWith("org.pf4j.");
    }

    /** Plugin-first loading, except for the classes plugins and host must share. */
    private static final class HostFirstForApi extends PluginClassLoader {
        HostFirstForApi(PluginManager manager, PluginDescriptor descriptor, ClassLoader parent) {
            super(manager, descriptor, parent);
        }

        @Override
        protected boolean shouldDelegateToParent(String className) {
            return super.shouldDelegateToParent(className) || shared(className);
        }
    }

    /**
     * The host as a plugin sees it: the JDK, and of the launcher's own libraries only the API, SLF4J
     * and PF4J. A plugin that uses anything else (Jackson, OkHttp, the core) must bundle it, so it
     * cannot come to depend on the platform's private libraries and versions by accident.
     */
    private static final class HostApi extends ClassLoader {
        static {
            registerAsParallelCapable();
        }

        private final ClassLoader host;

        HostApi(ClassLoader host) {
            super("agentloop-plugin-parent", ClassLoader.getPlatformClassLoader());
            this.host = host;
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (shared(name)) {
                return host.loadClass(name);
            }
            Class<?> type = super.loadClass(name, resolve);
            // On a module path the platform loader hands over the classes of the application's modules
            // too; the JDK's own modules that the application loader defines (jdk.compiler...) stay.
            ClassLoader definer = type.getClassLoader();
            if (definer != null && definer != getParent() && !isJdkModule(type.getModule())) {
                throw new ClassNotFoundException(name);
            }
            return type;
        }

        @Override
        public URL getResource(String name) {
            if (sharedResource(name)) {
                return host.getResource(name);
            }
            URL resource = super.getResource(name);
            return resource != null && resource.getProtocol().equals("jrt") ? resource : null;
        }

        @Override
        public Enumeration<URL> getResources(String name) throws IOException {
            if (sharedResource(name)) {
                return host.getResources(name);
            }
            List<URL> jdk = Collections.list(super.getResources(name)).stream()
                    .filter(url -> url.getProtocol().equals("jrt")).toList();
            return Collections.enumeration(jdk);
        }

        private static boolean isJdkModule(Module module) {
            return module.isNamed() && module.getLayer() == ModuleLayer.boot()
                    && ModuleFinder.ofSystem().find(module.getName()).isPresent();
        }

        private static boolean sharedResource(String name) {
            return shared(name.replace('/', '.'));
        }
    }
}
