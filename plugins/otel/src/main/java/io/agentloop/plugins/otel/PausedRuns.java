package io.agentloop.plugins.otel;

import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collection;
import java.util.HexFormat;
import java.util.Optional;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where a run that paused for approval leaves its span, for the run that goes on with it: one small
 * file per pending tool call id (call ids are what a resumed run carries over), holding the span's
 * W3C {@code traceparent}. The resumed run reads it at its first step, makes its own span a child of
 * the paused one (one trace across the pause, also when the process restarted in between) and
 * removes the files. A failure to read or write costs only that link, never the run.
 */
final class PausedRuns {
    private static final Logger log = LoggerFactory.getLogger(PausedRuns.class);

    private final Supplier<Path> folder;

    /** @param folder the folder for the files, asked for only when a run pauses or resumes */
    PausedRuns(Supplier<Path> folder) {
        this.folder = folder;
    }

    /** Remembers {@code span} as the paused run of each of {@code callIds}. */
    void paused(SpanContext span, Collection<String> callIds) {
        if (!span.isValid() || callIds.isEmpty()) {
            return;
        }
        String traceparent = "00-" + span.getTraceId() + "-" + span.getSpanId() + "-" + span.getTraceFlags().asHex();
        try {
            Path dir = Files.createDirectories(folder.get());
            for (String id : callIds) {
                Files.writeString(dir.resolve(fileName(id)), traceparent, StandardCharsets.UTF_8);
            }
        } catch (IOException | RuntimeException e) {
            log.warn("the trace of a paused run will not continue when it resumes: {}", e.toString());
        }
    }

    /** The span of the run that paused with the first of {@code callIds} pending; its files are removed. */
    Optional<SpanContext> resumed(Collection<String> callIds) {
        if (callIds.isEmpty()) {
            return Optional.empty();
        }
        Optional<SpanContext> found = Optional.empty();
        try {
            Path dir = folder.get();
            for (String id : callIds) {
                Path file = dir.resolve(fileName(id));
                if (Files.isRegularFile(file)) {
                    if (found.isEmpty()) {
                        found = parse(Files.readString(file, StandardCharsets.UTF_8).strip());
                    }
                    Files.deleteIfExists(file);
                }
            }
        } catch (IOException | RuntimeException e) {
            log.warn("the trace of a paused run could not be continued: {}", e.toString());
        }
        return found;
    }

    /** Call ids are the model's text: hashed, so no id can name a path outside the folder or be too long. */
    private static String fileName(String callId) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(callId.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest) + ".traceparent";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    private static Optional<SpanContext> parse(String traceparent) {
        String[] parts = traceparent.split("-");
        if (parts.length != 4) {
            return Optional.empty();
        }
        SpanContext context = SpanContext.createFromRemoteParent(parts[1], parts[2],
                TraceFlags.fromHex(parts[3], 0), TraceState.getDefault());
        return context.isValid() ? Optional.of(context) : Optional.empty();
    }
}
