package io.agentloop.core.registry;

import org.pf4j.PluginClassLoader;

/**
 * Runs a call into an extension with the extension's plugin class loader as the thread's context
 * class loader, restored after. Libraries a plugin bundles find their own classes and services
 * through the context loader (JDBC's {@code DriverManager}, {@code ServiceLoader.load(type)},
 * XML and JSON factories), so without it a plugin that works in its own tests fails in the
 * launcher ("No suitable driver"). Built-ins and code-given extensions run unchanged.
 *
 * <pre>{@code
 * ToolResult result = PluginCode.call(tool, () -> tool.execute(arguments, context));
 * }</pre>
 */
public final class PluginCode {
    /** A call into extension code. */
    @FunctionalInterface
    public interface Body<T, E extends Exception> {
        T run() throws E;
    }

    private PluginCode() {
    }

    /** Runs {@code body} with the loader of {@code extension}'s plugin as context loader, if it is a plugin's. */
    public static <T, E extends Exception> T call(Object extension, Body<T, E> body) throws E {
        ClassLoader loader = extension == null ? null : extension.getClass().getClassLoader();
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        if (!(loader instanceof PluginClassLoader) || loader == previous) {
            return body.run();
        }
        thread.setContextClassLoader(loader);
        try {
            return body.run();
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    /** {@link #call} for a call that returns nothing. */
    public static void run(Object extension, Runnable body) {
        call(extension, () -> {
            body.run();
            return null;
        });
    }
}
