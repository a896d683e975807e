package io.agentloop.launcher;

import io.agentloop.core.engine.DurableEngine;
import io.agentloop.core.engine.DurableEngineProvider;
import io.agentloop.core.engine.EngineUnavailableException;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.stream.Stream;

/**
 * The durable engines of an installation: each in {@code engines/<name>/}, its jars loaded by a class
 * loader of its own only when a command asks for it ({@code --engine temporal}, {@code agentloop
 * worker}), so its libraries (Temporal's SDK, gRPC) stay off the launcher's module path.
 */
final class Engines {
    static final String LOCAL = "local";
    static final String TEMPORAL = "temporal";

    private Engines() {
    }

    /**
     * Connects to the named engine with its {@code <name>.*} settings.
     *
     * @throws ConfigLoader.ConfigurationException when the installation has no such engine, a setting is
     *         wrong, or the service cannot be reached (one line: where it looked and what to do)
     */
    static DurableEngine connect(Path home, LauncherConfig config, String name) {
        if (!name.equals(TEMPORAL)) {
            throw new ConfigLoader.ConfigurationException("--engine " + name + ": there is no such engine; the engines "
                    + "are " + LOCAL + " (this process, the default) and " + TEMPORAL);
        }
        Path folder = home.resolve("engines").resolve(name);
        List<URL> jars = jars(folder);
        if (jars.isEmpty()) {
            throw new ConfigLoader.ConfigurationException("this installation has no " + name + " engine: " + folder
                    + " holds no jars (reinstall Agentloop from its archive)");
        }
        // gRPC's own Netty would reach for sun.misc.Unsafe and native transports, and newer JDKs warn about both on
        // standard error: the engine's few connections do not need them
        System.setProperty("io.grpc.netty.shaded.io.netty.noUnsafe", "true");
        System.setProperty("io.grpc.netty.shaded.io.netty.transport.noNative", "true");
        ClassLoader loader = new URLClassLoader("agentloop-engine-" + name, jars.toArray(URL[]::new),
                Engines.class.getClassLoader());
        DurableEngineProvider provider = ServiceLoader.load(DurableEngineProvider.class, loader).stream()
                .map(ServiceLoader.Provider::get).filter(p -> p.name().equals(name)).findFirst()
                .orElseThrow(() -> new ConfigLoader.ConfigurationException("the jars in " + folder + " hold no " + name
                        + " engine (reinstall Agentloop from its archive)"));
        Map<String, String> settings = config.section(name);
        settings.computeIfPresent("heartbeat", (key, text) -> DurationText.parse(text.strip()).map(Object::toString)
                .orElseThrow(() -> new ConfigLoader.ConfigurationException(name + ".heartbeat must be a duration such "
                        + "as 30s, not '" + text + "'")));
        // the engine's libraries may look for their parts through the context loader: the command's thread,
        // and the threads it starts, keep the engine's for the rest of the command
        Thread.currentThread().setContextClassLoader(loader);
        try {
            return provider.connect(settings);
        } catch (EngineUnavailableException | IllegalArgumentException e) {
            throw new ConfigLoader.ConfigurationException(e.getMessage());
        }
    }

    /** The engine a command's {@code --engine} names, {@code local} when none. */
    static boolean durable(String engine) {
        return engine != null && !engine.equals(LOCAL);
    }

    private static List<URL> jars(Path folder) {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        List<URL> urls = new ArrayList<>();
        try (Stream<Path> files = Files.list(folder)) {
            for (Path jar : files.filter(file -> file.toString().endsWith(".jar")).sorted().toList()) {
                urls.add(jar.toUri().toURL());
            }
        } catch (MalformedURLException e) {
            throw new IllegalStateException(e);
        } catch (IOException e) {
            throw new ConfigLoader.ConfigurationException("cannot read " + folder + ": " + e.getMessage());
        }
        return urls;
    }
}
