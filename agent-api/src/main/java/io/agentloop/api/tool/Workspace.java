package io.agentloop.api.tool;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The folder a run works in, and the guard of every path a tool touches. Tools never open a path
 * the model gave them directly: they {@link #resolve} it first, which canonicalises it (relative
 * to the root, {@code ..}, symbolic links, absolute paths) and refuses paths that leave the
 * workspace and its extra directories, and protected paths ({@code .git/}, the platform's own
 * configuration, secret files such as {@code .env}, keys, {@code ~/.ssh}, {@code ~/.aws}).
 *
 * <p>Thread-safe. Obtained from {@link ToolContext#workspace()}.
 *
 * <pre>{@code
 * Path file = context.workspace().resolve(arguments.requireString("path"));  // throws PathDeniedException
 * }</pre>
 */
public interface Workspace {

    /** The root folder, absolute and canonical. */
    Path root();

    /** Folders outside the root that tools may use too, absolute and canonical. Never null. */
    default List<Path> extraDirectories() {
        return List.of();
    }

    /**
     * The canonical path for {@code path} (relative to the root, or absolute; a leading {@code ~}
     * is the user's home). The path need not exist.
     *
     * @throws PathDeniedException if it leaves the workspace or is protected; the message says why
     */
    Path resolve(String path);

    /**
     * Whether a canonical path (from {@link #resolve} or found by walking a folder) may be used:
     * inside the workspace and not protected. Walkers use it to skip what they must not show.
     */
    boolean permits(Path canonical);

    /**
     * The environment for child processes: the platform's own, without variables whose names or
     * values look like keys, secrets or tokens (unless allow-listed). A new mutable copy each call.
     * Processes started through {@link #sandbox()} get a stricter one (an allow-list).
     */
    Map<String, String> childEnvironment();

    /** Where tools start processes: the operating system's sandbox around this workspace. Never null. */
    CommandSandbox sandbox();

    /** How a path is shown to the model: relative to the root when inside it, absolute otherwise. */
    default String display(Path canonical) {
        Path root = root();
        if (canonical.startsWith(root)) {
            String relative = root.relativize(canonical).toString();
            return relative.isEmpty() ? "." : relative;
        }
        return canonical.toString();
    }
}
