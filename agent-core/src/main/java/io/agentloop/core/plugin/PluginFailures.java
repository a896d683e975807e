package io.agentloop.core.plugin;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import org.pf4j.PluginWrapper;

/**
 * Says what went wrong with a plugin, in words a user can act on: a file PF4J refused, a plugin that
 * did not start, a class a plugin needs and does not have. Part of the {@link PluginHost}'s
 * diagnostics: what it reports for a file or a plugin ends in what to do.
 */
final class PluginFailures {
    private PluginFailures() {
    }

    /** Says what is wrong with a plugin file PF4J refused, and what to do about it. */
    static String diagnose(Path file, Throwable e) {
        String message = String.valueOf(e.getMessage());
        String unreadable = zipProblem(file);
        if (unreadable != null) {
            return "cannot be read as a plugin jar (" + unreadable + "); replace it with a plugin jar built from the "
                    + "plugin template";
        }
        if (message.contains("No PluginDescriptorFinder") || message.contains("Cannot read manifest")
                || message.contains("zip")) {
            return "cannot be read as a plugin jar (" + rootCause(e) + "); replace it with a plugin jar built "
                    + "from the plugin template";
        }
        if (message.contains("cannot be empty") || message.contains("Plugin-Id") || message.contains("Field")) {
            return "has no usable plugin descriptor (" + message + "); its MANIFEST.MF needs Plugin-Id and "
                    + "Plugin-Version (the plugin template writes them)";
        }
        return "cannot be loaded (" + rootCause(e) + ")";
    }

    /** Why the file is not a readable zip, or null when it is one. */
    private static String zipProblem(Path file) {
        try (java.util.zip.ZipFile zip = new java.util.zip.ZipFile(file.toFile())) {
            return null;
        } catch (IOException e) {
            return e.getClass().getSimpleName() + ": " + e.getMessage();
        }
    }

    /** Why a plugin did not start, and what to do about it. */
    static String startFailure(PluginWrapper plugin) {
        Throwable failure = plugin.getFailedException();
        String pluginClass = plugin.getDescriptor().getPluginClass();
        if (failure instanceof NullPointerException && pluginClass != null && !pluginClass.isBlank()) {
            return "its Plugin-Class " + pluginClass + " cannot be loaded from the jar; fix the manifest or add the "
                    + "class";
        }
        return "failed to start (" + (failure == null ? "unknown error" : rootCause(failure)) + "); its other "
                + "extensions are not used";
    }

    /**
     * The class a failure says is missing, in dotted form, when that is what it says (not a class
     * whose static initialiser failed: that one is there, and broken).
     */
    static Optional<String> missingClass(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof ExceptionInInitializerError) {
                return Optional.empty();
            }
            if ((cause instanceof NoClassDefFoundError || cause instanceof ClassNotFoundException)
                    && cause.getMessage() != null && !cause.getMessage().startsWith("Could not initialize")) {
                return Optional.of(cause.getMessage().replace('/', '.'));
            }
        }
        return Optional.empty();
    }

    /** The innermost cause of a failure: its type and message. */
    static String rootCause(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage();
        return root.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }
}
