package io.agentloop.core.session;

import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.permission.Approval;
import io.agentloop.api.run.CallDecision;
import io.agentloop.api.run.CallProgress;
import io.agentloop.api.run.OpenTurn;
import io.agentloop.api.session.Checkpoint;
import io.agentloop.api.session.Session;
import io.agentloop.api.session.SessionInfo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.DateTimeException;
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
 * Reads a session file back: replays its records in order (messages, tool calls started, pending and
 * decided, tool results, replacements, checkpoints) into the conversation, and drops a record cut off
 * by a crash. The last model turn, when its calls did not all finish, becomes the session's open turn
 * (how far each call got; the conversation ends before it), for a run to go on from; an unfinished
 * turn the conversation went on past is closed with synthetic "interrupted" error results. Also tells
 * the writer where the last whole record ends. The file is never changed by reading it. A record
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
    /** One warning per record left out, naming its file and line. */
    final List<String> warnings;

    private SessionLog(Session session, long validLength, List<String> warnings) {
        this.session = session;
        this.validLength = validLength;
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
        return Optional.of(new SessionLog(replay.session(), validLength, warnings));
    }

    /** The conversation being rebuilt, record by record. */
    private static final class Replay {
        private final String id;
        private final Instant updated;
        private String title = "untitled";
        private Instant created;
        private List<Message> messages = new ArrayList<>();
        private final List<Session.Restorable> checkpoints = new ArrayList<>();
        /** The last model turn while its calls have not all finished; not in {@link #messages} until they have. */
        private TurnRecords openTurn;
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
                String type = record.path("type").asString();
                switch (type) {
                    case "session" -> {
                        title = record.path("title").asString("untitled");
                        created = Instant.parse(record.path("created").asString());
                    }
                    case "message" -> {
                        Message message = MessageCodec.decode(record.get("message"));
                        if (message instanceof ToolMessage tool && openTurn != null) {
                            tool.results().forEach(r -> openTurn.result(r, at(record)));
                            closeTurn();
                            return null;
                        }
                        closeTurn();
                        if (message instanceof AssistantMessage answer && answer.hasToolCalls()) {
                            openTurn = new TurnRecords(answer, at(record));
                        } else {
                            messages.add(message);
                        }
                    }
                    case "result" -> {
                        ToolResultBlock result = (ToolResultBlock) MessageCodec.decodeBlock(record.get("result"));
                        if (openTurn == null) {
                            return "a tool result with no tool call before it";
                        }
                        openTurn.result(result, at(record));
                        if (openTurn.finished()) {
                            closeTurn();
                        }
                    }
                    case "started", "pending", "decided" -> {
                        if (openTurn == null) {
                            return "a " + type + " record with no tool call before it";
                        }
                        return callRecord(type, record);
                    }
                    case "replace" -> {
                        closeTurn();
                        List<Message> replacement = new ArrayList<>();
                        record.path("messages").forEach(node -> replacement.add(MessageCodec.decode(node)));
                        messages = replacement;
                    }
                    case "checkpoint" -> {
                        // a run that paused or stopped in a turn leaves it open: the checkpoint's conversation
                        // ends before it, as the session's does
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
            } catch (IllegalArgumentException | NullPointerException | ClassCastException | DateTimeException e) {
                return "a missing or malformed field: " + e;
            }
        }

        private String callRecord(String type, JsonNode record) {
            String callId = text(record, "call_id");
            Instant at = at(record);
            return switch (type) {
                case "started" -> openTurn.started(callId, at);
                case "pending" -> openTurn.pending(callId, texts(record.path("reasons")),
                        texts(record.path("remember_as")), at);
                default -> openTurn.decided(new CallDecision(callId, Approval.valueOf(text(record, "approval")),
                        Optional.ofNullable(record.get("reason")).map(JsonNode::asString)), at);
            };
        }

        /** Ends the turn the conversation went on past: its results in call order, missing ones as interrupted. */
        void closeTurn() {
            if (openTurn != null) {
                messages.addAll(openTurn.close());
                openTurn = null;
            }
        }

        private Instant at(JsonNode record) {
            return record.has("at") ? Instant.parse(record.get("at").asString()) : updated;
        }

        Session session() {
            Optional<OpenTurn> open = Optional.ofNullable(openTurn).map(TurnRecords::open);
            int interrupted = open.map(turn -> (int) turn.calls().stream()
                    .filter(call -> call.stage() == CallProgress.Stage.STARTED).count()).orElse(0);
            return new Session(new SessionInfo(id, title, created, updated, messages.size()), messages, checkpoints,
                    interrupted, dropped, open);
        }
    }

    private static String text(JsonNode record, String field) {
        JsonNode value = record.get(field);
        if (value == null || !value.isString()) {
            throw new IllegalArgumentException("missing text field '" + field + "'");
        }
        return value.asString();
    }

    private static List<String> texts(JsonNode array) {
        List<String> texts = new ArrayList<>();
        array.forEach(node -> texts.add(node.asString()));
        return texts;
    }
}
