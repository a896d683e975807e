package io.agentloop.launcher;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.event.AgentListener;
import io.agentloop.api.permission.Approval;
import io.agentloop.api.permission.Approver;
import io.agentloop.core.event.EventJson;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The runs' events of a session, kept beside its file as {@code <id>.events} for
 * {@code agentloop report}: the {@code --json} event model ({@link EventJson}), one object a line,
 * each with the time it came ({@code at}); a run's start also names the provider and the model (to
 * price its tokens), and each answer of a person asked to approve a call ({@link #approving}). Text deltas and tool progress are left out (the answer is in the session and in
 * {@code run_completed}), and long texts are cut to {@value #EXCERPT} characters: the file stays a
 * few kilobytes a run. Lines are redacted before they are written.
 *
 * <p>A file apart, not records in the session: readers of sessions (resume, listing) never see it,
 * and a session from a store without files simply has none. It is private to the user as the
 * session is. Writes are plain stream writes, not a channel, for the reason {@code FileSessionWriter}
 * gives (tool threads are interrupted to stop them), appended whole lines, and unsynced: losing the last events in a crash
 * costs a report some detail, never the session. A write that fails is logged once and ends the
 * recording, never the run.
 */
final class SessionEvents implements AgentListener {
    private static final Logger log = LoggerFactory.getLogger(SessionEvents.class);
    private static final JsonMapper JSON = JsonMapper.builder().build();
    /** The suffix of the file beside {@code <id>.jsonl}; not {@code .jsonl}, which the store lists as a session. */
    static final String SUFFIX = ".events";
    static final int EXCERPT = 4000;

    private final Path file;
    private final UnaryOperator<String> redact;
    private final Clock clock;
    private final String provider;
    private final String model;
    private boolean failed;
    private boolean created;

    /** {@code provider} and {@code model} are added to each top-level run's {@code run_started}. */
    SessionEvents(Path file, UnaryOperator<String> redact, Clock clock, String provider, String model) {
        this.file = file;
        this.redact = redact;
        this.clock = clock;
        this.provider = provider;
        this.model = model;
    }

    /** The events file of a session in the {@code file} store's folder. */
    static Path beside(Path sessionsFolder, String sessionId) {
        return sessionsFolder.resolve(sessionId + SUFFIX);
    }

    @Override
    public synchronized void onEvent(AgentEvent event) {
        if (failed || left(event)) {
            return;
        }
        ObjectNode line = EventJson.describe(event);
        cut(line);
        if (event instanceof AgentEvent.RunStarted started) {
            line.put("agent", started.agent()).put("provider", provider).put("model", model);
        }
        line.put("at", clock.instant().toString());
        write(redact.apply(JSON.writeValueAsString(line)) + "\n");
    }

    /**
     * The approver, each of its answers kept as an {@code approval} line ({@code tool},
     * {@code arguments}, {@code approval}): a person's decision at the terminal is no event of the run.
     */
    Approver approving(Approver approver) {
        return request -> {
            Approval approval = approver.approve(request);
            ObjectNode line = JSON.createObjectNode().put("type", "approval").put("tool", request.toolName())
                    .put("arguments", request.arguments()).put("approval", approval.name());
            synchronized (this) {
                if (!failed) {
                    cut(line);
                    line.put("at", clock.instant().toString());
                    write(redact.apply(JSON.writeValueAsString(line)) + "\n");
                }
            }
            return approval;
        };
    }

    /**
     * What a report does not need: each piece of streamed text or of a forming call, progress notes, a
     * tool's output as it ran (its result holds it).
     */
    private static boolean left(AgentEvent event) {
        AgentEvent inner = event;
        while (inner instanceof AgentEvent.SubAgent sub) {
            inner = sub.event();
        }
        return inner instanceof AgentEvent.TextDelta || inner instanceof AgentEvent.ReasoningDelta
                || inner instanceof AgentEvent.ToolCallDelta || inner instanceof AgentEvent.ToolProgress
                || inner instanceof AgentEvent.ToolOutputDelta;
    }

    /** Cuts every long text of the line (nested ones too) to an excerpt that says how much was left out. */
    private static void cut(ObjectNode line) {
        for (Map.Entry<String, JsonNode> field : line.properties()) {
            JsonNode value = field.getValue();
            if (value instanceof ObjectNode nested) {
                cut(nested);
            } else if (value.isString() && value.asString().length() > EXCERPT) {
                String text = value.asString();
                int end = Character.isHighSurrogate(text.charAt(EXCERPT - 1)) ? EXCERPT - 1 : EXCERPT;
                line.put(field.getKey(), text.substring(0, end) + " [... " + (text.length() - end)
                        + " more characters]");
            }
        }
    }

    /** Opened for each line: nothing to close, whichever command (run, chat, a server) ends the session. */
    private void write(String text) {
        try (OutputStream out = open()) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            failed = true;
            log.warn("the events of session file {} are no longer kept (agentloop report will show less): {}",
                    file, e.toString());
        }
    }

    /** Opens the file for appending, made private to the user first if it is new. */
    private OutputStream open() throws IOException {
        if (!created && file.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            try {
                Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            } catch (FileAlreadyExistsException e) {
                // a run before this one's events: appended to
            }
        }
        created = true;
        return new FileOutputStream(file.toFile(), true);
    }

    /** The file, if events were kept for the session. */
    static Optional<Path> existing(Path sessionsFolder, String sessionId) {
        Path file = beside(sessionsFolder, sessionId);
        return Files.isRegularFile(file) ? Optional.of(file) : Optional.empty();
    }
}
