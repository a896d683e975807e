package io.agentloop.core.plugin;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.pf4j.LegacyExtensionFinder;

/**
 * What a plugin declares, checked against what its jar holds, when it loads: every class its
 * {@code @Extension} index or extension-point service files name must load and be of that
 * extension point; a public class of the plugin that implements an extension point must be listed
 * (otherwise it is silently unused: a security hook left out this way fails open) — under the
 * first two names of the packages it declares extensions in, or in the whole jar when it declares
 * none. A class marked {@code @Extension} in a jar without PF4J's index was built by a javac that ran
 * no annotation processor (23 and later run none unless asked): the finding says what to add to the
 * build. Each finding is one sentence naming the file and class. What makes a plugin unable to start
 * at all is {@link PluginPackaging}'s. The jar is read as a zip and class files by their headers:
 * none of the plugin's code runs.
 */
final class PluginCheck {
    private static final String SERVICES = "META-INF/services/";

    /**
     * @param message         what is wrong and what to do
     * @param losesExtensions an extension the author meant is not used because of it
     */
    record Finding(String message, boolean losesExtensions) {
    }

    private PluginCheck() {
    }

    /**
     * @param listed     the class names each index or service file of the plugin lists
     * @param loader     the plugin's class loader
     * @param extensionPoints the extension point types
     */
    static List<Finding> check(Path pluginFile, Map<String, Set<String>> listed, ClassLoader loader,
                               List<Class<?>> extensionPoints) {
        List<Finding> findings = new ArrayList<>();
        Set<String> declared = new HashSet<>();
        listed.forEach((resource, names) -> {
            for (String name : names) {
                declared.add(name);
                checkListed(resource, name, loader, extensionPoints).ifPresent(findings::add);
            }
        });
        if (Files.isRegularFile(pluginFile)) {
            try (ZipFile jar = new ZipFile(pluginFile.toFile())) {
                checkJar(jar, declared, extensionPoints, findings);
            } catch (IOException e) {
                findings.add(new Finding("its classes cannot be read to check them (" + e + ")", false));
            }
        }
        return findings;
    }

    /**
     * The classes the jar's code names that neither the jar nor what a plugin sees of the host
     * holds, sorted: the libraries a build left out (the shade plugin's {@code original-} jar).
     * Only class files are read; a class is looked for as a resource of {@code loader}.
     */
    static List<String> missingClasses(Path pluginFile, ClassLoader loader) throws IOException {
        Set<String> missing = new java.util.TreeSet<>();
        Map<String, Boolean> found = new HashMap<>();
        try (ZipFile jar = new ZipFile(pluginFile.toFile())) {
            for (Enumeration<? extends ZipEntry> entries = jar.entries(); entries.hasMoreElements(); ) {
                ZipEntry entry = entries.nextElement();
                String name = entry.getName();
                if (entry.isDirectory() || !name.endsWith(".class") || name.startsWith("META-INF/")
                        || name.endsWith("module-info.class")) {
                    continue;
                }
                ClassHeader header;
                try (InputStream in = jar.getInputStream(entry)) {
                    header = ClassHeader.read(in);
                } catch (IOException | RuntimeException e) {
                    continue; // an unreadable class file is the check's finding, not this one's
                }
                for (String reference : header.references()) {
                    if (!found.computeIfAbsent(reference, r -> loader.getResource(r + ".class") != null)) {
                        missing.add(reference.replace('/', '.'));
                    }
                }
            }
        }
        return List.copyOf(missing);
    }

    private static Optional<Finding> checkListed(String resource, String name, ClassLoader loader,
                                                 List<Class<?>> extensionPoints) {
        Class<?> type;
        try {
            type = Class.forName(name, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            return Optional.of(new Finding(resource + " names " + name + ", which is not in the plugin ("
                    + e.getClass().getSimpleName() + "): fix the name or add the class", true));
        }
        List<String> implemented = extensionPoints.stream().filter(point -> point.isAssignableFrom(type))
                .map(Class::getSimpleName).toList();
        if (resource.equals(LegacyExtensionFinder.EXTENSIONS_RESOURCE)) {
            return implemented.isEmpty() ? Optional.of(new Finding(resource + " names " + name + ", which implements "
                    + "no extension point (" + names(extensionPoints) + ")", true)) : Optional.empty();
        }
        String point = resource.substring(SERVICES.length());
        Class<?> expected = extensionPoints.stream().filter(p -> p.getName().equals(point)).findFirst().orElseThrow();
        if (expected.isAssignableFrom(type)) {
            return Optional.empty();
        }
        return Optional.of(new Finding(resource + " names " + name + ", which is not a " + expected.getSimpleName()
                + (implemented.isEmpty() ? " nor any other extension point"
                        : ": list it in the service file of what it is (" + String.join(", ", implemented) + ")"),
                true));
    }

    private static void checkJar(ZipFile jar, Set<String> declared, List<Class<?>> extensionPoints,
                                 List<Finding> findings) throws IOException {
        // Only the plugin's own code is read: the packages under the first two names of those it
        // declares extensions in (com/acme/... for com.acme.tools.X), all of the jar when it declares
        // none. The libraries it bundles would cost a fresh JVM a tenth of a second per large plugin.
        Set<String> ownPackages = new HashSet<>();
        declared.forEach(name -> ownPackages.add(root(name.replace('.', '/'))));
        Map<String, ClassHeader> classes = new HashMap<>();
        boolean indexed = jar.getEntry(LegacyExtensionFinder.EXTENSIONS_RESOURCE) != null;
        for (Enumeration<? extends ZipEntry> entries = jar.entries(); entries.hasMoreElements(); ) {
            ZipEntry entry = entries.nextElement();
            String name = entry.getName();
            if (entry.isDirectory() || !name.endsWith(".class") || name.startsWith("META-INF/")
                    || name.endsWith("module-info.class")) {
                continue;
            }
            if (PluginPackaging.isPlatformClass(name)) {
                continue; // a plugin that bundles them does not start: PluginPackaging says so
            }
            if (!ownPackages.isEmpty() && ownPackages.stream().noneMatch(name::startsWith)) {
                continue;
            }
            try (InputStream in = jar.getInputStream(entry)) {
                ClassHeader header = ClassHeader.read(in);
                classes.put(header.name(), header);
            } catch (IOException | RuntimeException e) {
                findings.add(new Finding(name + " is not a readable class file (" + e + ")", false));
            }
        }
        Map<String, Class<?>> points = new HashMap<>();
        extensionPoints.forEach(point -> points.put(point.getName().replace('.', '/'), point));
        List<String> undeclared = new ArrayList<>();
        for (ClassHeader header : classes.values()) {
            if (!header.instantiable() || isAnonymousOrLocal(header.name())) {
                continue;
            }
            String className = header.name().replace('/', '.');
            if (declared.contains(className)) {
                continue;
            }
            Set<Class<?>> implemented = new LinkedHashSet<>();
            collect(header.name(), classes, points, implemented, new HashSet<>());
            for (Class<?> point : implemented) {
                if (header.markedExtension() && !indexed) {
                    undeclared.add(className + " is marked @Extension, but the jar has no "
                            + LegacyExtensionFinder.EXTENSIONS_RESOURCE + ", the index PF4J's annotation processor "
                            + "writes, so it is not used: javac 23 and later run no annotation processor unless "
                            + "asked, so add <compilerArgs><arg>-proc:full</arg></compilerArgs> to the "
                            + "maven-compiler-plugin's <configuration> (the plugin template has it), then rebuild "
                            + "with mvn clean package");
                    continue;
                }
                undeclared.add(className + " is a " + point.getSimpleName() + " that no " + SERVICES + point.getName()
                        + " file (nor an @Extension index) lists, so it is not used: list it there");
            }
        }
        undeclared.stream().sorted().forEach(message -> findings.add(new Finding(message, true)));
    }

    /** {@code com/acme/tools/X} to {@code com/acme/}; a class of one or two names to its package. */
    private static String root(String path) {
        String[] names = path.split("/");
        int kept = Math.min(2, names.length - 1);
        return kept == 0 ? "" : String.join("/", java.util.Arrays.asList(names).subList(0, kept)) + "/";
    }

    /** The extension points a class reaches through its superclasses and interfaces inside the jar. */
    private static void collect(String name, Map<String, ClassHeader> classes, Map<String, Class<?>> points,
                                Set<Class<?>> into, Set<String> seen) {
        if (name == null || !seen.add(name)) {
            return;
        }
        Class<?> point = points.get(name);
        if (point != null) {
            into.add(point);
            return;
        }
        ClassHeader header = classes.get(name);
        if (header == null) {
            if (name.startsWith("io/agentloop/api/")) {
                // an interface of the API that extends an extension point (PreActingHook is a Hook)
                try {
                    Class<?> api = Class.forName(name.replace('/', '.'), false, PluginCheck.class.getClassLoader());
                    points.values().stream().filter(p -> p.isAssignableFrom(api)).forEach(into::add);
                } catch (ClassNotFoundException | LinkageError e) {
                    // not in this version of the API: nothing to find
                }
            }
            return; // other classes of the JDK or a library are not followed
        }
        collect(header.superName(), classes, points, into, seen);
        header.interfaces().forEach(i -> collect(i, classes, points, into, seen));
    }

    private static boolean isAnonymousOrLocal(String internalName) {
        int dollar = internalName.lastIndexOf('$');
        return dollar >= 0 && dollar + 1 < internalName.length() && Character.isDigit(internalName.charAt(dollar + 1));
    }

    private static String names(List<Class<?>> extensionPoints) {
        return String.join(", ", extensionPoints.stream().map(Class::getSimpleName).toList());
    }
}
