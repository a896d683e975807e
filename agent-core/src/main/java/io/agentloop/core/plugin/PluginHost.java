package io.agentloop.core.plugin;

import static io.agentloop.core.plugin.PluginFailures.diagnose;
import static io.agentloop.core.plugin.PluginFailures.missingClass;
import static io.agentloop.core.plugin.PluginFailures.rootCause;
import static io.agentloop.core.plugin.PluginFailures.startFailure;

import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolMethods;
import io.agentloop.core.AnnotatedTools;
import io.agentloop.core.registry.Extensions;
import io.agentloop.core.registry.Origin;
import io.agentloop.core.registry.PluginCode;
import io.agentloop.core.tool.SchemaCheck;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.pf4j.PluginAlreadyLoadedException;
import org.pf4j.PluginDependency;
import org.pf4j.PluginDescriptor;
import org.pf4j.PluginRuntimeException;
import org.pf4j.PluginState;
import org.pf4j.PluginWrapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Loads the plugin jars of the plugin folders and registers what they contribute (tools, model
 * providers, hooks, listeners, formatters, memories, session stores, compaction strategies) into
 * the {@link Extensions}, each with its plugin as origin. A bad plugin never stops the others:
 * every jar is loaded, started and asked for its extensions on its own, and each failure becomes
 * one {@link PluginProblem} that names the file and says what to do. Plugins are trusted code: they
 * run in the launcher's JVM with its permissions.
 *
 * <p>Call {@link #close()} on exit: plugins are stopped one by one, last started first.
 */
public final class PluginHost implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(PluginHost.class);
    private static final Pattern PLUGIN_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

    private static final String SKIPPED = " and is skipped";
    private static final String SHADE_ORIGINAL = "original-";

    private final AgentloopPluginManager manager;
    private final List<PluginProblem> problems = new ArrayList<>();
    private final List<PluginInfo> plugins = new ArrayList<>();
    private final List<String> started = new ArrayList<>();
    /** Plugin ids in load order (folders in order, files by name), the order they start in. */
    private final List<String> loaded = new ArrayList<>();
    /** The file and descriptor of each loaded id: dependency resolution may drop a plugin from the manager. */
    private final Map<String, Path> files = new HashMap<>();
    private final Map<String, PluginDescriptor> descriptors = new HashMap<>();

    private PluginHost(AgentloopPluginManager manager) {
        this.manager = manager;
    }

    /** Loads and starts the plugins and registers their extensions into {@code into} (not frozen yet). */
    public static PluginHost load(PluginHostOptions options, Extensions into) {
        AgentloopPluginManager manager = new AgentloopPluginManager(options.folders(), options.disabled(),
                extensionTypes(into), plugin -> new HostPluginContext(plugin.getPluginId(),
                        plugin.getDescriptor().getVersion(), settingsOf(plugin.getPluginId(), options.settings()),
                        options.dataRoot().resolve(plugin.getPluginId())));
        manager.setSystemVersion(options.platformVersion());
        PluginHost host = new PluginHost(manager);
        for (Path folder : options.folders()) {
            for (Path file : candidates(folder, host.problems)) {
                host.loadOne(file);
            }
        }
        host.startAll(into);
        return host;
    }

    /** The settings {@code <id>.<key>} of one plugin, as {@code <key>} (ids may hold dots). */
    private static Map<String, String> settingsOf(String id, Map<String, String> settings) {
        Map<String, String> own = new java.util.LinkedHashMap<>();
        settings.forEach((key, value) -> {
            if (key.startsWith(id + ".")) {
                own.put(key.substring(id.length() + 1), value);
            }
        });
        return own;
    }

    private static List<Path> candidates(Path folder, List<PluginProblem> problems) {
        List<Path> files = new ArrayList<>();
        if (!Files.isDirectory(folder)) {
            return files;
        }
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder)) {
            for (Path entry : entries) {
                String name = entry.getFileName().toString().toLowerCase(Locale.ROOT);
                if (Files.isRegularFile(entry) && (name.endsWith(".jar") || name.endsWith(".zip"))) {
                    files.add(entry);
                }
            }
        } catch (IOException e) {
            problems.add(new PluginProblem(folder, "the plugin folder cannot be read (" + e.getMessage() + ")"));
        }
        Collections.sort(files);
        // `cp target/*.jar plugins/` after a shaded build also copies the jar without the plugin's libraries
        for (Iterator<Path> it = files.iterator(); it.hasNext(); ) {
            Path file = it.next();
            String name = file.getFileName().toString();
            if (name.startsWith(SHADE_ORIGINAL) && files.contains(file.resolveSibling(name.substring(
                    SHADE_ORIGINAL.length())))) {
                problems.add(new PluginProblem(file, "is the build's copy of " + name.substring(SHADE_ORIGINAL.length())
                        + " without the libraries bundled into it (the shade plugin leaves it in target/), so it is "
                        + "not loaded: delete it from the plugin folder"));
                it.remove();
            }
        }
        return files;
    }

    private void loadOne(Path file) {
        try {
            PluginDescriptor descriptor = manager.describe(file);
            if (descriptor.getPluginId() != null && !PLUGIN_ID.matcher(descriptor.getPluginId()).matches()) {
                problems.add(new PluginProblem(file, "has the plugin id '" + descriptor.getPluginId() + "', which is "
                        + "not one: an id is letters, digits, '.', '-' and '_', starting with a letter or digit (the "
                        + "plugin template sets it from its agentloop.plugin.id property)"));
                return;
            }
            Path first = files.get(descriptor.getPluginId());
            if (first != null) {
                Path shown = first.getParent().equals(file.getParent()) ? first.getFileName() : first;
                problems.add(new PluginProblem(file, "has the same plugin id (" + descriptor.getPluginId() + ") as "
                        + shown + ", already loaded; keep only one of them in the plugin folders"));
                return;
            }
            String id = manager.loadPlugin(file);
            files.put(id, file);
            descriptors.put(id, descriptor);
            loaded.add(id);
        } catch (PluginAlreadyLoadedException e) {
            problems.add(new PluginProblem(file, "is already loaded from the same path"));
        } catch (PluginRuntimeException | IllegalArgumentException | LinkageError e) {
            problems.add(new PluginProblem(file, diagnose(file, e)));
        }
    }

    private void startAll(Extensions into) {
        for (String id : loaded) {
            PluginWrapper plugin = manager.getPlugin(id);
            if (plugin == null) {
                missingDependencies(id);
                continue;
            }
            PluginCode.name(plugin.getPluginClassLoader(), id + "@" + plugin.getDescriptor().getVersion());
            if (plugin.getPluginState() == PluginState.DISABLED) {
                if (plugin.getFailedException() != null) {
                    problems.add(new PluginProblem(plugin.getPluginPath(), "needs Agentloop "
                            + plugin.getDescriptor().getRequires() + " but this is " + manager.getSystemVersion()
                            + "; upgrade Agentloop or use a version of the plugin made for this one"));
                    record(plugin, "DISABLED (needs Agentloop " + plugin.getDescriptor().getRequires() + ")", List.of());
                } else {
                    record(plugin, "DISABLED", List.of());
                }
                continue;
            }
            if (!manager.getResolvedPlugins().contains(plugin)) {
                problems.add(new PluginProblem(plugin.getPluginPath(), "depends on plugins that are not installed: "
                        + plugin.getDescriptor().getDependencies() + "; add them to the plugin folder"));
                record(plugin, "FAILED", List.of());
                continue;
            }
            if (isShadeOriginal(plugin)) {
                continue;
            }
            List<String> unusable = PluginPackaging.problems(plugin.getPluginPath(), plugin.getPluginClassLoader());
            if (!unusable.isEmpty()) {
                unusable.forEach(problem -> problems.add(new PluginProblem(plugin.getPluginPath(), problem)));
                record(plugin, "FAILED", List.of());
                continue;
            }
            PluginState state = PluginCode.in(plugin.getPluginClassLoader(), "starting", () -> manager.startPlugin(id));
            if (state != PluginState.STARTED) {
                problems.add(new PluginProblem(plugin.getPluginPath(), startFailure(plugin)));
                record(plugin, "FAILED", List.of());
                continue;
            }
            started.add(id);
            boolean incomplete = false;
            List<PluginCheck.Finding> findings;
            try {
                findings = PluginCheck.check(plugin.getPluginPath(), manager.listed(plugin),
                        plugin.getPluginClassLoader(), extensionTypes(into));
            } catch (RuntimeException | LinkageError e) {
                findings = List.of(new PluginCheck.Finding("could not be checked (" + rootCause(e) + ")", false));
            }
            for (PluginCheck.Finding finding : findings) {
                problems.add(new PluginProblem(plugin.getPluginPath(), finding.message()));
                incomplete |= finding.losesExtensions();
            }
            Registered registered = register(plugin, into);
            record(plugin, incomplete || registered.skipped() > 0 ? "INCOMPLETE" : "STARTED", registered.contributed());
        }
    }

    /**
     * Whether the plugin is the shade plugin's {@code original-} jar without the libraries its code
     * needs (copied alone from target/): then it is a problem and FAILED, not started to fail at its
     * first call with a NoClassDefFoundError.
     */
    private boolean isShadeOriginal(PluginWrapper plugin) {
        String name = plugin.getPluginPath().getFileName().toString();
        if (!name.startsWith(SHADE_ORIGINAL) || !Files.isRegularFile(plugin.getPluginPath())) {
            return false;
        }
        List<String> missing;
        try {
            missing = PluginCheck.missingClasses(plugin.getPluginPath(), plugin.getPluginClassLoader());
        } catch (IOException e) {
            return false; // the jar loaded: the check of its classes says what is wrong with it
        }
        if (missing.isEmpty()) {
            return false;
        }
        problems.add(new PluginProblem(plugin.getPluginPath(), "is the build's copy of "
                + name.substring(SHADE_ORIGINAL.length()) + " without the libraries bundled into it: its code needs "
                + missing.getFirst() + (missing.size() > 1 ? " and " + (missing.size() - 1) + " more classes" : "")
                + ", which it does not hold, so it is not started; install " + name.substring(SHADE_ORIGINAL.length())
                + " (the shaded jar in target/) instead"));
        record(plugin, "FAILED", List.of());
        return true;
    }

    /** A plugin dependency resolution left out: some plugin it needs is not installed. */
    private void missingDependencies(String id) {
        PluginDescriptor descriptor = descriptors.get(id);
        List<String> missing = descriptor.getDependencies().stream().filter(d -> !d.isOptional())
                .map(PluginDependency::getPluginId).filter(needed -> manager.getPlugin(needed) == null).toList();
        problems.add(new PluginProblem(files.get(id), "depends on plugins that are not installed: "
                + String.join(", ", missing) + "; add them to the plugin folder"));
        plugins.add(new PluginInfo(id, descriptor.getVersion(), files.get(id), "FAILED", List.of()));
    }

    /** What a plugin contributed ({@code kind name}), and how many of its extensions were skipped. */
    private record Registered(List<String> contributed, int skipped) {
    }

    /** What a plugin's extensions may implement: every SPI, and {@link ToolMethods} (each method a tool). */
    private static List<Class<?>> extensionTypes(Extensions into) {
        List<Class<?>> types = new ArrayList<>(into.spiTypes());
        types.add(ToolMethods.class);
        return types;
    }

    /** Creates and registers the plugin's extensions one by one; a broken one is skipped and reported. */
    private Registered register(PluginWrapper plugin, Extensions into) {
        Origin origin = Origin.plugin(plugin.getPluginId(), plugin.getDescriptor().getVersion());
        List<String> contributed = new ArrayList<>();
        int skipped = 0;
        int conflictsBefore = into.conflicts().size();
        for (Class<?> type : extensionTypes(into)) {
            List<? extends Class<?>> classes;
            try {
                classes = manager.getExtensionClasses(type, plugin.getPluginId());
            } catch (RuntimeException | LinkageError e) {
                problems.add(new PluginProblem(plugin.getPluginPath(), "its " + type.getSimpleName()
                        + " extensions cannot be listed (" + rootCause(e) + ")"));
                continue;
            }
            for (Class<?> extensionClass : classes) {
                try {
                    Object extension = PluginCode.in(plugin.getPluginClassLoader(), "loading",
                            () -> manager.getExtensionFactory().create(extensionClass));
                    Optional<String> broken = extension instanceof Tool tool
                            ? SchemaCheck.problem(tool.spec().parameters()).map(p -> "tool '" + tool.spec().name()
                                    + "' (" + extensionClass.getName() + ") is skipped until its parameter schema is "
                                    + "fixed: " + p)
                            : Optional.empty();
                    if (broken.isPresent()) {
                        problems.add(new PluginProblem(plugin.getPluginPath(), broken.get()));
                        skipped++;
                        continue;
                    }
                    if (extension instanceof ToolMethods methods) {
                        for (Tool tool : AnnotatedTools.from(methods)) {
                            if (added(into, tool, origin)) {
                                contributed.add("Tool " + tool.spec().name() + " (" + extensionClass.getName() + ")");
                            }
                        }
                        continue;
                    }
                    if (added(into, extension, origin)) {
                        contributed.add(type.getSimpleName() + " " + extensionClass.getName());
                    }
                } catch (RuntimeException | LinkageError e) {
                    problems.add(new PluginProblem(plugin.getPluginPath(), "extension " + extensionClass.getName()
                            + missingClass(e).map(name -> " needs " + name + ", which the plugin does not bundle "
                                    + "(plugins see only the JDK, agent-api, SLF4J and PF4J of the platform: bundle "
                                    + "the library, as the plugin template's shade plugin does),")
                            .orElse(" could not be created (" + rootCause(e) + ")") + SKIPPED));
                    skipped++;
                }
            }
        }
        List<io.agentloop.core.registry.Registry.Conflict> lost = into.conflicts().subList(conflictsBefore,
                into.conflicts().size());
        lost.forEach(c -> problems.add(new PluginProblem(plugin.getPluginPath(), c.toString())));
        // an extension left out for its name is not used either: the plugin is incomplete
        return new Registered(contributed, skipped + lost.size());
    }

    /** Adds the extension; false when its name was taken (a conflict, reported with the plugin's problems). */
    private static boolean added(Extensions into, Object extension, Origin origin) {
        int before = into.conflicts().size();
        into.add(extension, origin);
        return into.conflicts().size() == before;
    }

    private void record(PluginWrapper plugin, String state, List<String> extensions) {
        plugins.add(new PluginInfo(plugin.getPluginId(), plugin.getDescriptor().getVersion(), plugin.getPluginPath(),
                state, extensions));
    }

    /** Every plugin file that could be read, in load order. */
    public List<PluginInfo> plugins() {
        return List.copyOf(plugins);
    }

    /** What went wrong, one entry per file and failure. */
    public List<PluginProblem> problems() {
        return List.copyOf(problems);
    }

    /** Stops the plugins one by one, last started first, then unloads them. Idempotent. */
    @Override
    public void close() {
        List<String> stopping = new ArrayList<>(started);
        started.clear();
        Collections.reverse(stopping);
        for (String id : stopping) {
            try {
                manager.stopPlugin(id);
            } catch (RuntimeException | LinkageError e) {
                log.warn("plugin {} failed to stop: {}", id, rootCause(e));
            }
        }
        try {
            manager.unloadPlugins();
        } catch (RuntimeException e) {
            log.debug("unloading the plugins: {}", rootCause(e));
        }
    }
}
