package io.agentloop.core.tool;

import io.agentloop.api.message.ToolCall;
import io.agentloop.api.permission.Access;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.Workspace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * The results of one run's read-only calls, so that a call repeated with the same arguments is
 * answered with its earlier result instead of running again. An answer is reused only while
 * nothing that could change it has run: any call of a tool that is not read-only (a write, an
 * edit, a command, a plugin tool that changes things) forgets every result, and so does a call of a
 * read-only tool that does not cache its own results (a sub-agent, which may edit files through
 * tools of its own that this run never sees); the files a call reads ({@link Access.Read}) must
 * still have the size and modification time they had when it ran.
 * Only successes are kept. The reused result says it is cached, so the model knows it saw it before.
 *
 * <p>It sits where a call has passed the hooks and the permission gate, so a cached answer is given
 * only to a call that was allowed to run. Calls of one turn may run in parallel: a result is kept only
 * when no call that changes things started or ended while it ran. The stuck rule is not affected: it
 * counts the calls the model makes, cached or not.
 */
final class ResultCache {
    /** The key of {@link ToolResult.Success#data()} that marks a result as answered from the cache. */
    static final String CACHED = "cached";

    private final boolean enabled;
    private final Set<String> uncached;
    private final Map<String, Kept> kept = new ConcurrentHashMap<>();
    /** Counts the calls that change things, started and ended: a result is kept only if it did not move. */
    private final AtomicLong changes = new AtomicLong();

    /**
     * @param enabled  whether results are reused at all
     * @param uncached the names of tools whose calls always run
     */
    ResultCache(boolean enabled, Set<String> uncached) {
        this.enabled = enabled;
        this.uncached = Set.copyOf(uncached);
    }

    private record Kept(String callId, ToolResult.Success result, Map<Path, Stamp> files) {
    }

    /** What a file looked like: its size and modification time, or that it was not there. */
    private record Stamp(long size, FileTime modified) {
        static final Stamp ABSENT = new Stamp(-1, FileTime.fromMillis(0));
    }

    /**
     * Runs an allowed call, or answers it from an earlier identical call's result.
     *
     * @param call the call as the hooks left it
     * @param run  runs the tool
     */
    ToolResult around(Tool tool, ToolArguments arguments, ToolCall call, Workspace workspace,
                      Supplier<ToolResult> run) {
        if (!tool.readOnly() || !tool.cachesResults()) {
            changes.incrementAndGet();
            kept.clear();
            try {
                return run.get();
            } finally {
                kept.clear();
                changes.incrementAndGet();
            }
        }
        if (!enabled || uncached.contains(call.name())) {
            return run.get();
        }
        String key = call.name() + '\u0000' + call.arguments().strip();
        Optional<Map<Path, Stamp>> files = stamps(tool, arguments, workspace);
        Kept earlier = kept.get(key);
        if (earlier != null && files.isPresent() && earlier.files().equals(files.get())) {
            return marked(earlier);
        }
        long before = changes.get();
        ToolResult result = run.get();
        if (result instanceof ToolResult.Success success && files.isPresent() && changes.get() == before) {
            kept.put(key, new Kept(call.id(), success, files.get()));
        }
        return result;
    }

    private static ToolResult marked(Kept earlier) {
        Map<String, Object> data = new HashMap<>(earlier.result().data());
        data.put(CACHED, true);
        return new ToolResult.Success("[cached: the same as the result of call " + earlier.callId() + ", made earlier "
                + "with the same arguments; nothing that could change it has run since]\n"
                + earlier.result().content(), data);
    }

    /**
     * The files the call reads, as they are now; empty when they cannot be told (a path outside the
     * workspace, a file that cannot be read), and the call then runs and is not kept.
     */
    private static Optional<Map<Path, Stamp>> stamps(Tool tool, ToolArguments arguments, Workspace workspace) {
        Map<Path, Stamp> stamps = new HashMap<>();
        try {
            for (Access access : tool.accesses(arguments)) {
                if (access instanceof Access.Read read) {
                    Path file = workspace.resolve(read.value());
                    stamps.put(file, stamp(file));
                }
            }
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
        return Optional.of(stamps);
    }

    private static Stamp stamp(Path file) throws IOException {
        try {
            BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
            return new Stamp(attributes.size(), attributes.lastModifiedTime());
        } catch (NoSuchFileException e) {
            return Stamp.ABSENT;
        }
    }
}
