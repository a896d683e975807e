package io.agentloop.core.plugin;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URL;
import java.net.URLClassLoader;
import java.net.URLConnection;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.pf4j.AbstractExtensionFinder;
import org.pf4j.LegacyExtensionFinder;
import org.pf4j.PluginManager;
import org.pf4j.PluginWrapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds a plugin's extension classes in the plugin's own files: PF4J's index of {@code @Extension}
 * classes ({@code META-INF/extensions.idx}) and the {@code META-INF/services} files of the Agentloop
 * extension points. Service files of libraries a plugin bundles are not read, so their classes are
 * not loaded just to be turned down, and the host's class path is never searched: built-ins are found
 * with {@link java.util.ServiceLoader}.
 *
 * <p>PF4J's own finders open every jar of the class path and of the plugins as a zip file system,
 * again after each plugin starts; this one reads a few entries through the plugin's class loader,
 * whose jar is open already.
 */
final class PluginExtensionFinder extends AbstractExtensionFinder {
    private static final Logger log = LoggerFactory.getLogger(PluginExtensionFinder.class);

    private final List<String> resources;

    PluginExtensionFinder(PluginManager manager, List<Class<?>> extensionPoints) {
        super(manager);
        this.resources = resources(extensionPoints);
    }

    private static List<String> resources(List<Class<?>> extensionPoints) {
        List<String> names = new ArrayList<>();
        names.add(LegacyExtensionFinder.EXTENSIONS_RESOURCE);
        extensionPoints.forEach(point -> names.add("META-INF/services/" + point.getName()));
        return List.copyOf(names);
    }

    @Override
    public Map<String, Set<String>> readClasspathStorages() {
        return Map.of();
    }

    @Override
    public Map<String, Set<String>> readPluginsStorages() {
        Map<String, Set<String>> found = new LinkedHashMap<>();
        for (PluginWrapper plugin : pluginManager.getPlugins()) {
            Set<String> classNames = new LinkedHashSet<>();
            // a name that cannot be loaded is reported once by PluginCheck, not by PF4J for every extension point
            listed(plugin).values().forEach(names -> names.stream().filter(name -> loadable(plugin, name))
                    .forEach(classNames::add));
            found.put(plugin.getPluginId(), classNames);
        }
        return found;
    }

    /** The class names each of the plugin's index and service files lists, by file. */
    Map<String, Set<String>> listed(PluginWrapper plugin) {
        Map<String, Set<String>> listed = new LinkedHashMap<>();
        for (String resource : resources) {
            Set<String> names = new LinkedHashSet<>();
            read(plugin, resource, names);
            if (!names.isEmpty()) {
                listed.put(resource, names);
            }
        }
        return listed;
    }

    private static boolean loadable(PluginWrapper plugin, String className) {
        try {
            Class.forName(className, false, plugin.getPluginClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** Adds the class names listed in the plugin's own copies of {@code resource}. */
    private static void read(PluginWrapper plugin, String resource, Set<String> into) {
        try {
            Enumeration<URL> urls = plugin.getPluginClassLoader() instanceof URLClassLoader own
                    ? own.findResources(resource) : plugin.getPluginClassLoader().getResources(resource);
            while (urls.hasMoreElements()) {
                URLConnection connection = urls.nextElement().openConnection();
                // Not cached: a cached jar would stay open (and locked on Windows) after the plugin is unloaded.
                connection.setUseCaches(false);
                try (BufferedReader lines = new BufferedReader(
                        new InputStreamReader(connection.getInputStream(), StandardCharsets.UTF_8))) {
                    lines.lines().map(PluginExtensionFinder::className).filter(name -> !name.isEmpty())
                            .forEach(into::add);
                }
            }
        } catch (IOException e) {
            log.warn("plugin {}: {} cannot be read, its extensions listed there are not used ({})",
                    plugin.getPluginId(), resource, e.toString());
        }
    }

    /** The class name on one line of an index or service file: comments ({@code #}) and blanks dropped. */
    static String className(String line) {
        int comment = line.indexOf('#');
        return (comment < 0 ? line : line.substring(0, comment)).strip();
    }
}
