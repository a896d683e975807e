package io.agentloop.plugins.audit;

import io.agentloop.api.hook.HookContext;
import io.agentloop.api.hook.PostActingHook;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.plugin.PluginContext;
import io.agentloop.api.tool.ToolResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.Set;

/**
 * Appends one JSON line per tool call (time, run, call id, tool, arguments, outcome) to an audit
 * file: the setting {@code plugins.audit-trail.file}, else {@code AGENTLOOP_AUDIT_LOG}, else
 * {@code audit.jsonl} in the platform's data folder
 * ({@code $XDG_DATA_HOME/agentloop}, by default {@code ~/.local/share/agentloop}). Arguments and
 * results go through the platform's redactor first, so no key reaches the file, and the file is the
 * user's alone: created {@code 0600} in a folder created {@code 0700}, and made {@code 0600} if it
 * was readable by others. Changes nothing; runs outermost so it records what the model finally saw.
 */
public final class AuditTrailHook implements PostActingHook {
    private static final Set<PosixFilePermission> PRIVATE = PosixFilePermissions.fromString("rw-------");
    private final Path file;

    /** As the platform creates it: the file from {@code plugins.audit-trail.file}, else as above. */
    public AuditTrailHook(PluginContext plugin) {
        this(plugin.setting("file").filter(f -> !f.isBlank()).map(Path::of).orElseGet(AuditTrailHook::defaultFile));
    }

    AuditTrailHook(Path file) {
        this.file = file;
    }

    private static Path defaultFile() {
        String configured = System.getenv("AGENTLOOP_AUDIT_LOG");
        if (configured != null && !configured.isBlank()) {
            return Path.of(configured);
        }
        String data = System.getenv("XDG_DATA_HOME");
        Path folder = data != null && !data.isBlank() ? Path.of(data)
                : Path.of(System.getProperty("user.home"), ".local", "share");
        return folder.resolve("agentloop").resolve("audit.jsonl");
    }

    @Override
    public int order() {
        return Integer.MIN_VALUE;
    }

    @Override
    public String name() {
        return "audit-trail";
    }

    @Override
    public ToolResult afterActing(ToolCall call, ToolResult result, HookContext context) {
        String line = "{\"time\":\"" + Instant.now() + "\",\"run\":" + quote(context.runId()) + ",\"call\":"
                + quote(call.id()) + ",\"tool\":" + quote(call.name()) + ",\"arguments\":"
                + quote(context.redact(call.arguments())) + ",\"ok\":" + !result.isError() + ",\"result\":"
                + quote(context.redact(result.content())) + "}\n";
        synchronized (AuditTrailHook.class) {
            try {
                Files.writeString(privateFile(), line, StandardCharsets.UTF_8, StandardOpenOption.APPEND,
                        StandardOpenOption.WRITE);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write the audit trail to " + file, e);
            }
        }
        return result;
    }

    /** The audit file, created private to the user (and its folder too), or made private if it is not. */
    private Path privateFile() throws IOException {
        Path absolute = file.toAbsolutePath();
        boolean posix = absolute.getFileSystem().supportedFileAttributeViews().contains("posix");
        Path parent = absolute.getParent();
        if (parent != null && !Files.isDirectory(parent)) {
            if (posix) {
                Files.createDirectories(parent, PosixFilePermissions.asFileAttribute(
                        PosixFilePermissions.fromString("rwx------")));
            } else {
                Files.createDirectories(parent);
            }
        }
        if (!Files.exists(absolute)) {
            try {
                if (posix) {
                    Files.createFile(absolute, PosixFilePermissions.asFileAttribute(PRIVATE));
                } else {
                    Files.createFile(absolute);
                }
            } catch (FileAlreadyExistsException e) {
                // another run made it meanwhile
            }
        }
        if (posix && !Files.getPosixFilePermissions(absolute).equals(PRIVATE)) {
            Files.setPosixFilePermissions(absolute, PRIVATE);
        }
        return absolute;
    }

    /** A JSON string literal. */
    static String quote(String text) {
        StringBuilder out = new StringBuilder(text.length() + 2).append('"');
        for (char c : text.toCharArray()) {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }
}
