package io.agentloop.core.registry;

import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import org.pf4j.PluginClassLoader;

/**
 * Every call into a plugin's code goes through here. It runs with the plugin's class loader as the
 * thread's context class loader, restored after: libraries a plugin bundles find their own
 * classes and services through it (JDBC's {@code DriverManager}, {@code ServiceLoader.load(type)},
 * XML and JSON factories), so without it a plugin that works in its own tests fails in the
 * launcher ("No suitable driver"). And it is recorded as running, so that when plugin code ends
 * the JVM with {@code System.exit} (which nothing can refuse on Java 21 and later) the launcher can
 * name the plugin and what it was doing ({@link #exiting()}). Built-ins and extensions handed over
 * in code run unchanged.
 *
 * <pre>{@code
 * ToolResult result = PluginCode.call(tool, () -> tool.execute(arguments, context));
 * }</pre>
 */
public final class PluginCode {
    /** The plugins' class loaders, named {@code id@version}. */
    private static final Map<ClassLoader, String> PLUGINS = Collections.synchronizedMap(new WeakHashMap<>());
    /** The plugin call each thread is in, innermost. */
    private static final Map<Thread, Running> RUNNING = new ConcurrentHashMap<>();

    /** A call into a plugin's code. */
    @FunctionalInterface
    public interface Body<T, E extends Exception> {
        T run() throws E;
    }

    /**
     * A plugin call in progress.
     *
     * @param plugin {@code id@version}
     * @param what   what the plugin was asked, as a phrase ("loading", "tool 'x'")
     */
    public record Running(Thread thread, String plugin, String what) {
    }

    /**
     * Plugin code that called {@code System.exit}: the call it was in and the frame that called.
     *
     * @param caller the first frame past {@code System.exit}, empty when the stack is cut short
     */
    public record Exit(Running call, Optional<StackTraceElement> caller) {
    }

    private PluginCode() {
    }

    /** Names a plugin's class loader, so calls into its code are known as that plugin's. */
    public static void name(ClassLoader loader, String plugin) {
        PLUGINS.put(loader, plugin);
    }

    /** Runs {@code body} as code of {@code extension}'s plugin, if it is a plugin's; else just runs it. */
    public static <T, E extends Exception> T call(Object extension, Body<T, E> body) throws E {
        return call(extension, extension == null ? "" : extension.getClass().getName(), body);
    }

    /** {@link #call(Object, Body)}, saying what the plugin is asked ("tool 'x'") should it end the JVM. */
    public static <T, E extends Exception> T call(Object extension, String what, Body<T, E> body) throws E {
        ClassLoader loader = extension == null ? null : extension.getClass().getClassLoader();
        if (!(loader instanceof PluginClassLoader)) {
            return body.run();
        }
        return in(loader, what, body);
    }

    /** {@link #call} for a call that returns nothing. */
    public static void run(Object extension, Runnable body) {
        call(extension, () -> {
            body.run();
            return null;
        });
    }

    /** Runs {@code body} as code of the plugin whose class loader is {@code loader}, doing {@code what}. */
    public static <T, E extends Exception> T in(ClassLoader loader, String what, Body<T, E> body) throws E {
        Thread thread = Thread.currentThread();
        ClassLoader previousLoader = thread.getContextClassLoader();
        Running outer = RUNNING.get(thread);
        thread.setContextClassLoader(loader);
        RUNNING.put(thread, new Running(thread, PLUGINS.getOrDefault(loader, "(unnamed)"), what));
        try {
            return body.run();
        } finally {
            if (outer == null) {
                RUNNING.remove(thread);
            } else {
                RUNNING.put(thread, outer);
            }
            thread.setContextClassLoader(previousLoader);
        }
    }

    /**
     * The plugin code, if any, inside {@code System.exit} (or {@code Runtime.exit}): a plugin call in
     * progress, or else a platform thread whose first frame past the exit is a plugin's class (a
     * thread the plugin started itself, or a callback it was given). A virtual thread the plugin
     * started is not seen: the JVM lists platform threads only.
     */
    public static Optional<Exit> exiting() {
        for (Running call : RUNNING.values()) {
            StackTraceElement[] frames = call.thread().getStackTrace();
            int caller = callerOfExit(frames);
            if (caller >= 0) {
                return Optional.of(new Exit(call, frame(frames, caller)));
            }
        }
        for (Map.Entry<Thread, StackTraceElement[]> thread : Thread.getAllStackTraces().entrySet()) {
            StackTraceElement[] frames = thread.getValue();
            int caller = callerOfExit(frames);
            Optional<StackTraceElement> frame = caller < 0 ? Optional.empty() : frame(frames, caller);
            Optional<String> plugin = frame.flatMap(f -> pluginOf(f.getClassName()));
            if (plugin.isPresent()) {
                Thread own = thread.getKey();
                return Optional.of(new Exit(new Running(own, plugin.get(), "its own thread '" + own.getName() + "'"),
                        frame));
            }
        }
        return Optional.empty();
    }

    /**
     * The index of the first frame past {@code System.exit} when the stack is inside
     * {@code Runtime.exit} (the stack's length when it is cut short there), or -1 when it is not.
     */
    private static int callerOfExit(StackTraceElement[] frames) {
        for (int i = 0; i < frames.length; i++) {
            if (frames[i].getClassName().equals("java.lang.Runtime") && frames[i].getMethodName().equals("exit")) {
                int caller = i + 1;
                while (caller < frames.length && frames[caller].getClassName().equals("java.lang.System")) {
                    caller++;
                }
                return caller;
            }
        }
        return -1;
    }

    private static Optional<StackTraceElement> frame(StackTraceElement[] frames, int index) {
        return index < frames.length ? Optional.of(frames[index]) : Optional.empty();
    }

    /** The plugin ({@code id@version}) whose class loader defines {@code className}, if one does. */
    private static Optional<String> pluginOf(String className) {
        Map<ClassLoader, String> plugins;
        synchronized (PLUGINS) {
            plugins = Map.copyOf(PLUGINS);
        }
        for (Map.Entry<ClassLoader, String> plugin : plugins.entrySet()) {
            try {
                if (Class.forName(className, false, plugin.getKey()).getClassLoader() == plugin.getKey()) {
                    return Optional.of(plugin.getValue());
                }
            } catch (ClassNotFoundException | LinkageError e) {
                // not this plugin's
            }
        }
        return Optional.empty();
    }
}
