package io.agentloop.core.plugin;

import io.agentloop.api.tool.Tool;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URL;
import java.net.URLClassLoader;
import java.net.URLConnection;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;

/**
 * What a plugin's files must and must not hold for it to start, checked before it starts and
 * without running any of its code. It must not hold Agentloop's own classes: the platform provides
 * them, and a plugin that bundles them was built with the wrong dependency scope. It must hold
 * every service its manifest says it needs ({@value #SERVICES}): a JDBC driver reached only through
 * {@code DriverManager}, or any library found through {@code ServiceLoader}, is missing from a jar
 * without a compile error, and would otherwise fail at the plugin's first call instead of at load.
 * A plugin with such a problem is {@code FAILED}.
 *
 * <p>{@value #SERVICES} is a comma-separated list of {@code service} or
 * {@code service=implementation}: {@code java.sql.Driver=org.postgresql.Driver} needs
 * {@code META-INF/services/java.sql.Driver} naming {@code org.postgresql.Driver} and that class in the
 * plugin; {@code java.sql.Driver} alone needs the file to name at least one class, each in the plugin.
 */
final class PluginPackaging {
    /** The manifest attribute that lists the services a plugin needs. */
    static final String SERVICES = "Plugin-Services";

    private static final List<String> PLATFORM_PACKAGES = List.of("io/agentloop/api/", "io/agentloop/core/",
            "io/agentloop/testkit/");
    /** Where the platform's own classes come from: the API's and the core's jars (or class folders). */
    private static final List<String> PLATFORM_LOCATIONS = Stream.of(Tool.class, PluginPackaging.class)
            .map(type -> type.getProtectionDomain().getCodeSource())
            .filter(Objects::nonNull).map(source -> source.getLocation().toString()).toList();

    private PluginPackaging() {
    }

    /**
     * Why the plugin cannot start, one sentence each ending in what to do; empty when it can.
     *
     * @param pluginFile the plugin's jar (or the folder a zip plugin was expanded into)
     * @param loader     the plugin's class loader: only its own files are searched
     */
    static List<String> problems(Path pluginFile, ClassLoader loader) {
        List<String> problems = new ArrayList<>();
        bundledPlatform(pluginFile).ifPresent(problems::add);
        for (String needed : declared(pluginFile)) {
            missing(needed, loader).ifPresent(problems::add);
        }
        return problems;
    }

    private static Optional<String> bundledPlatform(Path pluginFile) {
        if (!Files.isRegularFile(pluginFile)) {
            return Optional.empty();
        }
        Set<String> platform = new LinkedHashSet<>();
        try (JarFile jar = new JarFile(pluginFile.toFile(), false)) {
            for (Enumeration<? extends ZipEntry> entries = jar.entries(); entries.hasMoreElements(); ) {
                String name = entries.nextElement().getName();
                if (name.endsWith(".class") && isPlatformClass(name)) {
                    platform.add(name);
                }
            }
        } catch (IOException e) {
            return Optional.empty(); // an unreadable jar is said by the check of its classes
        }
        if (platform.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("bundles " + platform.size() + (platform.size() == 1 ? " class" : " classes")
                + " of Agentloop itself (such as " + platform.iterator().next() + "), which the platform provides, "
                + "so it is not started: mark the dependency provided in the plugin's pom.xml (<dependency>"
                + "<groupId>io.agentloop</groupId><artifactId>agent-api</artifactId><scope>provided</scope>"
                + "</dependency>, and the same scope for any other io.agentloop artifact it uses outside its tests) "
                + "and rebuild the plugin");
    }

    /** Whether the host has this class from the API or the core itself (not merely in the same package). */
    static boolean isPlatformClass(String entry) {
        if (PLATFORM_PACKAGES.stream().noneMatch(entry::startsWith)) {
            return false;
        }
        String name = entry.substring(0, entry.length() - ".class".length()).replace('/', '.');
        try {
            CodeSource source = Class.forName(name, false, PluginPackaging.class.getClassLoader())
                    .getProtectionDomain().getCodeSource();
            return source != null && PLATFORM_LOCATIONS.contains(source.getLocation().toString());
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** The entries of the manifest's {@value #SERVICES}, in order. */
    private static List<String> declared(Path pluginFile) {
        Manifest manifest;
        try {
            if (Files.isRegularFile(pluginFile)) {
                try (JarFile jar = new JarFile(pluginFile.toFile(), false)) {
                    manifest = jar.getManifest();
                }
            } else {
                Path file = pluginFile.resolve(JarFile.MANIFEST_NAME);
                if (!Files.isRegularFile(file)) {
                    return List.of();
                }
                try (InputStream in = Files.newInputStream(file)) {
                    manifest = new Manifest(in);
                }
            }
        } catch (IOException e) {
            return List.of(); // the descriptor was read to load the plugin: a failure here is said there
        }
        String value = manifest == null ? null : manifest.getMainAttributes().getValue(SERVICES);
        if (value == null) {
            return List.of();
        }
        return Stream.of(value.split(",")).map(String::strip).filter(entry -> !entry.isEmpty()).toList();
    }

    private static Optional<String> missing(String needed, ClassLoader loader) {
        int equals = needed.indexOf('=');
        String service = (equals < 0 ? needed : needed.substring(0, equals)).strip();
        Optional<String> implementation = equals < 0 ? Optional.empty()
                : Optional.of(needed.substring(equals + 1).strip()).filter(name -> !name.isEmpty());
        String file = "META-INF/services/" + service;
        List<String> listed = listed(loader, file);
        String what = "needs the service " + service + implementation.map(i -> " " + i).orElse("") + " (its "
                + "manifest's " + SERVICES + ")";
        String fix = ", so it is not started: bundle the library that provides it (its dependency in the default "
                + "scope, and the shade plugin's ServicesResourceTransformer, which keeps its " + file + "), then "
                + "rebuild the plugin";
        if (implementation.isPresent() && !listed.contains(implementation.get())) {
            return Optional.of(what + ", but no " + file + " in the plugin names " + implementation.get() + fix);
        }
        if (listed.isEmpty()) {
            return Optional.of(what + ", but the plugin holds no " + file + fix);
        }
        for (String name : implementation.map(List::of).orElse(listed)) {
            if (own(loader).map(own -> own.findResource(name.replace('.', '/') + ".class")).isEmpty()) {
                return Optional.of(what + ", but the plugin holds no class " + name + " (which " + file + " names)"
                        + fix);
            }
        }
        return Optional.empty();
    }

    /** The class names the plugin's own copies of {@code file} list. */
    private static List<String> listed(ClassLoader loader, String file) {
        List<String> names = new ArrayList<>();
        Optional<URLClassLoader> own = own(loader);
        if (own.isEmpty()) {
            return names;
        }
        try {
            for (URL url : Collections.list(own.get().findResources(file))) {
                URLConnection connection = url.openConnection();
                connection.setUseCaches(false); // a cached jar would stay open after the plugin is unloaded
                try (BufferedReader lines = new BufferedReader(new InputStreamReader(connection.getInputStream(),
                        StandardCharsets.UTF_8))) {
                    lines.lines().map(PluginExtensionFinder::className).filter(name -> !name.isEmpty())
                            .forEach(names::add);
                }
            }
        } catch (IOException e) {
            return List.of();
        }
        return names;
    }

    /** The loader of the plugin's own files (PF4J's plugin class loaders are URL class loaders). */
    private static Optional<URLClassLoader> own(ClassLoader loader) {
        return loader instanceof URLClassLoader urls ? Optional.of(urls) : Optional.empty();
    }
}
