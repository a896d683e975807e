package io.agentloop.testkit;

import io.agentloop.api.tool.CommandSandbox;
import io.agentloop.api.tool.PathDeniedException;
import io.agentloop.api.tool.SandboxedProcess;
import io.agentloop.api.tool.Workspace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A {@link Workspace} on a folder of the test's own (a JUnit {@code @TempDir}), for calling a tool
 * that touches files directly, with {@link TestToolContext#in(Path)}. It keeps the contract a tool
 * relies on: {@link #resolve} canonicalises (relative to the root, {@code ..}, symbolic links,
 * {@code ~}) and throws {@link PathDeniedException} for a path outside the root and its extra
 * folders, and for anything under {@code .git}, so a test can show the tool turns a denial into a
 * result. The platform's workspace protects more (secret files, keys); a tool that handles this
 * denial handles those too.
 *
 * <p>Commands started through {@link #sandbox()} run unconfined, as the user, in the workspace: a
 * unit test checks what the tool does with them, not the sandbox (the platform's is tested on its
 * own). Immutable and thread-safe.
 *
 * <pre>{@code
 * @Test
 * void readsAFile(@TempDir Path folder) throws Exception {
 *     Files.writeString(folder.resolve("notes.txt"), "hello");
 *     ToolResult result = new ReadTool().execute(ToolArguments.of(Map.of("path", "notes.txt")),
 *             TestToolContext.in(folder));
 * }
 * }</pre>
 */
public final class TestWorkspace implements Workspace {
    private final Path root;
    private final List<Path> extra;
    private final Map<String, String> environment;

    private TestWorkspace(Path root, List<Path> extra, Map<String, String> environment) {
        this.root = root;
        this.extra = List.copyOf(extra);
        this.environment = Map.copyOf(environment);
    }

    /**
     * A workspace rooted at {@code folder}, which must exist; child processes get the test's own
     * environment.
     *
     * @throws IllegalArgumentException if {@code folder} is not an existing folder
     */
    public static TestWorkspace at(Path folder) {
        return new TestWorkspace(canonicalFolder(folder), List.of(), System.getenv());
    }

    /** The same workspace, in which tools may also use {@code folder} (which must exist). */
    public TestWorkspace withExtraDirectory(Path folder) {
        List<Path> more = new ArrayList<>(extra);
        more.add(canonicalFolder(folder));
        return new TestWorkspace(root, more, environment);
    }

    /** The same workspace, whose {@link #childEnvironment()} (and sandbox's processes) is {@code variables}. */
    public TestWorkspace withEnvironment(Map<String, String> variables) {
        return new TestWorkspace(root, extra, variables);
    }

    private static Path canonicalFolder(Path folder) {
        Objects.requireNonNull(folder, "folder");
        if (!Files.isDirectory(folder)) {
            throw new IllegalArgumentException("a test workspace needs an existing folder, not " + folder
                    + ": use a JUnit @TempDir");
        }
        try {
            return folder.toRealPath();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot resolve the workspace folder " + folder, e);
        }
    }

    @Override
    public Path root() {
        return root;
    }

    @Override
    public List<Path> extraDirectories() {
        return extra;
    }

    @Override
    public Path resolve(String path) {
        Objects.requireNonNull(path, "path");
        Path canonical;
        try {
            String expanded = path.equals("~") || path.startsWith("~/")
                    ? System.getProperty("user.home") + path.substring(1) : path;
            canonical = canonical(root.resolve(expanded).normalize());
        } catch (InvalidPathException e) {
            throw new PathDeniedException(path, "is not a valid path: " + e.getReason());
        }
        if (!inside(canonical)) {
            throw new PathDeniedException(path, "is outside the workspace " + root);
        }
        if (!permits(canonical)) {
            throw new PathDeniedException(path, "is protected (.git)");
        }
        return canonical;
    }

    /** Follows symbolic links as far as the path exists; the rest is taken as written. */
    private static Path canonical(Path path) {
        Path existing = path;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return path;
        }
        try {
            return existing.toRealPath().resolve(existing.relativize(path)).normalize();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot resolve " + path, e);
        }
    }

    private boolean inside(Path canonical) {
        return canonical.startsWith(root) || extra.stream().anyMatch(canonical::startsWith);
    }

    @Override
    public boolean permits(Path canonical) {
        if (!inside(canonical)) {
            return false;
        }
        for (Path name : canonical) {
            if (name.toString().equals(".git")) {
                return false;
            }
        }
        return true;
    }

    @Override
    public Map<String, String> childEnvironment() {
        return new HashMap<>(environment);
    }

    @Override
    public CommandSandbox sandbox() {
        return new Unconfined();
    }

    /** Starts commands as the user, with the workspace's environment; kills their whole tree on close. */
    private final class Unconfined implements CommandSandbox {
        @Override
        public SandboxedProcess start(List<String> command, Path directory, Map<String, String> variables)
                throws IOException {
            if (!permits(canonical(directory.toAbsolutePath().normalize()))) {
                throw new IOException("cannot start " + command + " in " + directory
                        + ": it is outside the test workspace " + root);
            }
            ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true);
            builder.environment().clear();
            builder.environment().putAll(environment);
            builder.environment().putAll(variables);
            Process process = builder.start();
            return new SandboxedProcess() {
                @Override
                public Process process() {
                    return process;
                }

                @Override
                public void kill() {
                    process.descendants().forEach(ProcessHandle::destroyForcibly);
                    process.destroyForcibly();
                }
            };
        }

        @Override
        public Containment containment() {
            return Containment.UNAVAILABLE;
        }

        @Override
        public String description() {
            return "test workspace: commands run unconfined in " + root;
        }
    }
}
