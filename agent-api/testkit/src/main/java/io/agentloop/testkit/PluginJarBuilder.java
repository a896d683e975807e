package io.agentloop.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * Builds real plugin jars in a test: a manifest with the plugin descriptor, compiled classes taken
 * from the test's class path, and {@code META-INF/services} files for the extensions, with the
 * directory entries plugin loading needs.
 *
 * <pre>{@code
 * Path jar = PluginJarBuilder.plugin("echo-tools").version("1.2.0")
 *         .provides(Tool.class, EchoTool.class)
 *         .writeTo(pluginsFolder);
 * }</pre>
 */
public final class PluginJarBuilder {
    private final Map<String, String> manifest = new LinkedHashMap<>();
    private final Map<String, byte[]> entries = new LinkedHashMap<>();
    private final Map<String, List<String>> services = new LinkedHashMap<>();
    private String fileName;
    private boolean directoryEntries = true;

    private PluginJarBuilder(String id) {
        manifest.put("Plugin-Id", id);
        manifest.put("Plugin-Version", "1.0.0");
    }

    public static PluginJarBuilder plugin(String id) {
        return new PluginJarBuilder(id);
    }

    /** A jar with no plugin descriptor at all. */
    public static PluginJarBuilder withoutDescriptor() {
        PluginJarBuilder builder = new PluginJarBuilder("");
        builder.manifest.clear();
        return builder;
    }

    public PluginJarBuilder version(String version) {
        manifest.put("Plugin-Version", version);
        return this;
    }

    /** The Agentloop versions the plugin works with, as a SemVer range ({@code >=0.2.0}). */
    public PluginJarBuilder requires(String range) {
        manifest.put("Plugin-Requires", range);
        return this;
    }

    /** Plugins this one needs ({@code Plugin-Dependencies}), as {@code id} or {@code id@range}. */
    public PluginJarBuilder dependsOn(String... ids) {
        manifest.put("Plugin-Dependencies", String.join(", ", ids));
        return this;
    }

    /** The plugin's lifecycle class (its start and stop); its class file is added too when given. */
    public PluginJarBuilder pluginClass(String className) {
        manifest.put("Plugin-Class", className);
        return this;
    }

    /** One more attribute of the manifest's main section ({@code Plugin-Services}, {@code Plugin-Description}...). */
    public PluginJarBuilder manifestEntry(String name, String value) {
        manifest.put(name, value);
        return this;
    }

    /** The file name to write (default {@code <id>-<version>.jar}). */
    public PluginJarBuilder fileName(String name) {
        this.fileName = name;
        return this;
    }

    /** Copies these compiled classes (nested classes are separate: list them too) into the jar. */
    public PluginJarBuilder withClasses(Class<?>... classes) {
        for (Class<?> type : classes) {
            String name = type.getName().replace('.', '/') + ".class";
            entries.put(name, classBytes(type, name));
        }
        return this;
    }

    /** Lists the implementations in {@code META-INF/services/<spi>} and copies their classes. */
    public PluginJarBuilder provides(Class<?> spi, Class<?>... implementations) {
        List<String> names = services.computeIfAbsent(spi.getName(), k -> new ArrayList<>());
        for (Class<?> implementation : implementations) {
            names.add(implementation.getName());
        }
        return withClasses(implementations);
    }

    /** Lists implementations in a services file without copying any class (for a missing class). */
    public PluginJarBuilder listsService(String spi, String implementation) {
        services.computeIfAbsent(spi, k -> new ArrayList<>()).add(implementation);
        return this;
    }

    public PluginJarBuilder withEntry(String name, byte[] content) {
        entries.put(name, content.clone());
        return this;
    }

    public PluginJarBuilder withEntry(String name, String content) {
        return withEntry(name, content.getBytes(StandardCharsets.UTF_8));
    }

    /** Leaves out the directory entries ({@code META-INF/services/}...), as some jar tools do. */
    public PluginJarBuilder withoutDirectoryEntries() {
        this.directoryEntries = false;
        return this;
    }

    /** Writes the jar into {@code folder} and returns its path. */
    public Path writeTo(Path folder) {
        String name = fileName != null ? fileName
                : manifest.getOrDefault("Plugin-Id", "plugin") + "-" + manifest.getOrDefault("Plugin-Version", "0") + ".jar";
        Path jar = folder.resolve(name);
        Manifest mf = new Manifest();
        mf.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.forEach((key, value) -> mf.getMainAttributes().put(new Attributes.Name(key), value));
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file, mf)) {
            Set<String> directories = new LinkedHashSet<>();
            Map<String, byte[]> all = new LinkedHashMap<>(entries);
            services.forEach((spi, implementations) -> all.put("META-INF/services/" + spi,
                    (String.join("\n", implementations) + "\n").getBytes(StandardCharsets.UTF_8)));
            for (String entry : all.keySet()) {
                int slash = entry.indexOf('/');
                while (slash > 0) {
                    directories.add(entry.substring(0, slash + 1));
                    slash = entry.indexOf('/', slash + 1);
                }
            }
            for (String directory : directories) {
                if (directoryEntries && !directory.equals("META-INF/")) {
                    out.putNextEntry(new JarEntry(directory));
                    out.closeEntry();
                }
            }
            for (Map.Entry<String, byte[]> entry : all.entrySet()) {
                out.putNextEntry(new JarEntry(entry.getKey()));
                out.write(entry.getValue());
                out.closeEntry();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return jar;
    }

    /** Writes a file that is not a jar at all, named like one. */
    public static Path corrupt(Path folder, String name) {
        try {
            return Files.write(folder.resolve(name), "this is not a zip file".getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] classBytes(Class<?> type, String resource) {
        ClassLoader loader = type.getClassLoader();
        try (InputStream in = loader == null ? ClassLoader.getSystemResourceAsStream(resource)
                : loader.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("the class file of " + type.getName() + " was not found");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
