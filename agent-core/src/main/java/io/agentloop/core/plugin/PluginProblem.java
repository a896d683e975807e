package io.agentloop.core.plugin;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Something wrong with one plugin file, said so that a user can act on it: which file, what is
 * wrong, what to do. The other plugins load regardless.
 */
public record PluginProblem(Path file, String message) {
    public PluginProblem {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(message, "message");
        // One problem, one line: a library's message may hold line breaks.
        message = message.strip().replaceAll("\\s*\\R\\s*", " ");
    }

    @Override
    public String toString() {
        return file.getFileName() + ": " + message;
    }
}
