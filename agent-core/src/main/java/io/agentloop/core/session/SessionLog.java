package io.agentloop.core.session;

import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.session.Checkpoint;
import io.agentloop.api.session.Session;
import io.agentloop.api.session.SessionInfo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads a session file back: replays its records in order (messages, tool results, replacements,
 * checkpoints) into the conversation, drops a record cut off by a crash, and closes every tool call
 * left without a result with a synthetic "interrupted" error result. Also tells the writer where the
 * last whole record ends and which results it must append to make the file whole again. A record
 * left out is warned about with the file and line number, so it can be found and looked at.
 */
final class SessionLog {
    private static final Logger log = LoggerFactory.getLogger(SessionLog.class);
    static final JsonMapper JSON = JsonMapper.builder().build();
    static final String INTERRUPTED = "interrupted: the session stopped while this tool call was running, and it "
            + "was not run again. Check what it may have done before calling it again.";

    final Session session;
    /** Bytes of the file up to the end of its last whole, readable record. */
    final long validLength;
    /** Results missing at the end of the file (the last turn was interrupted), to append on open. */
    final List<ToolResultBlock> missingResults;
    /** One warning per record left out, naming its file and line. */
    final List<String> warnings;

    private SessionLog(Session session, long validLength, List<ToolResultBlock> missingResults, List<String> warnings) {
        this.session = session;
        this.validLength = validLength;
        this.missingResults = missingResults;
        this.warnings = List.copyOf(warnings);
    }

    static Optional<SessionLog> read(Path file, String id) throws IOException {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        byte[] bytes;
        Instant modified;
        try {
            modified = Instant.ofEpochMilli(Files.getLastModifiedTime(file).toMillis());
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            return Optional.empty(); // deleted since it was found, while being listed
        }
        Replay replay = new Replay(id, modified);
        int start = 0;
        int lineNumber = 0;
        long validLength = 0;
        List<String> warnings = new ArrayList<>();
        while (start < bytes.length) {
            lineNumber++;
            int end = start;
            while (end < bytes.length && bytes[end] != '\n') {
                end++;
            }
            boolean whole = end < bytes.length;
            String line = new String(bytes, start, end - start, StandardCharsets.UTF_8);
            if (!line.isBlank()) {
                String problem = whole ? replay.accept(line) : null;
                if (whole && problem == null) {
                    validLength = end + 1L;
                } else {
                    replay.dropped++;
                    String warning = "session " + id + ": left out line " + lineNumber + " of " + file + ", "
                            + (whole ? "a record that cannot be read (" + problem + "); the rest of the session "
                                    + "is kept"
                                    : "a record cut off at the end of the file (the process stopped while writing "
                                    + "it); it is cut away when the session is next continued");
                    warnings.add(warning);
                    log.warn("{}", warning);
                }
            } else if (whole) {
                validLength = end + 1L;
            }
            start = end + 1;
        }
        List<ToolResultBlock> missing = replay.closeTurn();
        return Optional.of(new SessionLog(replay.session(), validLength, missing, warnings));
    }

    /** The conversation being rebuilt, record by record. */
    private static final class Replay {
        private final String id;
        private final Instant updated;
        private String title = "untitled";
        private Instant created;
        private List<Message> messages = new ArrayList<>();
        private final List<Session.Restorable> checkpoints = new ArrayList<>();
        private AssistantMessage openTurn;
        private final Map<String, ToolResultBlock> results = new LinkedHashMap<>();
        private int interrupted;
        private int dropped;

        Replay(String id, Instant updated) {
            this.id = id;
            this.updated = updated;
            this.created = updated;
        }

        /** Takes a record into the conversation; returns why it cannot, or null when it was taken. */
        String accept(String line) {
            JsonNode record;
            try {
                record = JSON.readTree(line);
                switch (record.path("type").asString()) {
                    case "session" -> {
                        title = record.path("title").asString("untitled");
                        created = Instant.parse(record.path("created").asString());
                    }
                    case "message" -> {
                        Message message = MessageCodec.decode(record.get("message"));
                        if (message instanceof ToolMessage tool && openTurn != null) {
                            tool.results().forEach(r -> results.put(r.toolCallId(), r));
                            closeTurn();
                            return null;
                        }
                        closeTurn();
                        messages.add(message);
                        if (message instanceof AssistantMessage answer && answer.hasToolCalls()) {
                            openTurn = answer;
                        }
                    }
                    case "result" -> {
                        ToolResultBlock result = (ToolResultBlock) MessageCodec.decodeBlock(record.get("result"));
                        if (openTurn == null) {
                            return "a tool result with no tool call before it";
                        }
                        results.put(result.toolCallId(), result);
                    }
                    case "replace" -> {
                        closeTurn();
                        List<Message> replacement = new ArrayList<>();
                        record.path("messages").forEach(node -> replacement.add(MessageCodec.decode(node)));
                        messages = replacement;
                    }
                    case "checkpoint" -> {
                        closeTurn();
                        Map<String, String> data = new LinkedHashMap<>();
                        record.path("data").properties().forEach(e -> data.put(e.getKey(), e.getValue().asString()));
                        Checkpoint checkpoint = new Checkpoint(record.path("name").asString(),
                                Instant.parse(record.path("at").asString()), record.path("state").asString(""),
                                MessageCodec.usage(record.path("usage")), data);
                        checkpoints.add(new Session.Restorable(checkpoint, messages));
                    }
                    default -> {
                        return "an unknown record type '" + record.path("type").asString("") + "'";
                    }
                }
                return null;
            } catch (JacksonException e) {
                return "not JSON: " + e.getOriginalMessage();
            } catch (IllegalArgumentException | NullPointerException | ClassCastException e) {
                return "a missing or malformed field: " + e;
            }
        }

        /** Ends the open turn with its results in call order; returns the ones that were missing. */
        List<ToolResultBlock> closeTurn() {
            if (openTurn == null) {
                return List.of();
            }
            List<ToolResultBlock> ordered = new ArrayList<>();
            List<ToolResultBlock> missing = new ArrayList<>();
            for (ToolCall call : openTurn.toolCalls()) {
                ToolResultBlock result = results.get(call.id());
                if (result == null) {
                    result = new ToolResultBlock(call.id(), call.name(), INTERRUPTED, true);
                    missing.add(result);
                    interrupted++;
                }
                ordered.add(result);
            }
            messages.add(new ToolMessage(ordered));
            openTurn = null;
            results.clear();
            return missing;
        }

        Session session() {
            int count = messages.size();
            return new Session(new SessionInfo(id, title, created, updated, count), messages, checkpoints, interrupted,
                    dropped);
        }
    }
}
