package io.agentloop.plugins.audit;

import io.agentloop.api.hook.HookContext;
import io.agentloop.api.hook.PostActingHook;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.tool.ToolResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;

/**
 * Appends one JSON line per tool call (time, run, call id, tool, arguments, outcome) to an audit
 * file: {@code AGENTLOOP_AUDIT_LOG}, or {@code ~/.agentloop/audit.jsonl}. Changes nothing; runs
 * outermost so it records what the model finally saw.
 */
public final class AuditTrailHook implements PostActingHook {
    private final Path file;

    public AuditTrailHook() {
        this(defaultFile());
    }

    AuditTrailHook(Path file) {
        this.file = file;
    }

    private static Path defaultFile() {
        String configured = System.getenv("AGENTLOOP_AUDIT_LOG");
        return configured != null && !configured.isBlank() ? Path.of(configured)
                : Path.of(System.getProperty("user.home"), ".agentloop", "audit.jsonl");
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
                + quote(call.id()) + ",\"tool\":" + quote(call.name()) + ",\"arguments\":" + quote(call.arguments())
                + ",\"ok\":" + !result.isError() + ",\"result\":" + quote(result.content()) + "}\n";
        synchronized (AuditTrailHook.class) {
            try {
                Path parent = file.toAbsolutePath().getParent();
                if (parent != null) {
                    Files.createDirectories(parent);
                }
                Files.writeString(file, line, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                        StandardOpenOption.APPEND, StandardOpenOption.WRITE);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write the audit trail to " + file, e);
            }
        }
        return result;
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
