package io.agentloop.launcher;

import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.run.PendingCall;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.core.run.RunJournal;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * How far a served session holds the record of the durable run a server follows for it: the
 * engine's run id and how many of the run's records it wrote, kept beside the session
 * ({@code <id>.durable.json}) while the run goes on. A server started again reads it to follow the
 * run on ({@link EngineBackend#reattach}), asking the engine only for the records the session does not
 * hold yet. The records a run gives its journal are the engine's, in order, so a count of them is a
 * place in the run's record: the session's checkpoint of the held run ({@link HeldRun}) keeps one too,
 * at each pause, for a follower of another process.
 */
final class FollowedRecord implements RunJournal {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Logger LOG = LoggerFactory.getLogger(FollowedRecord.class);
    private static final String SUFFIX = ".durable.json";

    private final RunJournal session;
    private final Path file;
    private final String runId;
    private int written;

    /**
     * @param session the session's recorder
     * @param written how many records of the run the session holds already
     */
    private FollowedRecord(RunJournal session, Path file, String runId, int written) {
        this.session = session;
        this.file = file;
        this.runId = runId;
        this.written = written;
    }

    /** What a server before this one left for the session: the run's id and the records written. */
    record Left(String runId, int written) {
    }

    static Path file(Path sessionsFolder, String sessionId) {
        return sessionsFolder.resolve(sessionId + SUFFIX);
    }

    /** Starts keeping the record of run {@code runId} for the session, none of it written yet. */
    static FollowedRecord start(RunJournal session, Path file, String runId) {
        FollowedRecord record = new FollowedRecord(session, file, runId, 0);
        record.save();
        return record;
    }

    /**
     * Goes on from the run's {@code written}-th record, which the session holds up to, for a follower
     * handed only the records after it ({@code journalFrom} of the engine's follow).
     */
    static FollowedRecord from(RunJournal session, Path file, String runId, int written) {
        return new FollowedRecord(session, file, runId, written);
    }

    /** What a server before this one left for the session; empty when it followed no durable run for it. */
    static Optional<Left> left(Path file) {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            JsonNode node = JSON.readTree(Files.readAllBytes(file));
            return Optional.of(new Left(node.path("run").asString(), node.path("written").asInt()));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The run ended and its end is in the session: nothing is left to follow. */
    void done() {
        forget(file);
    }

    /** Forgets what was kept in {@code file}: the run's end is in the session. */
    static void forget(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // a server started again finds the run's end on the session's record and follows nothing
        }
    }

    private synchronized void wrote() {
        written++;
        save();
    }

    private void save() {
        Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
        try {
            Files.write(temporary, JSON.writeValueAsBytes(JSON.createObjectNode().put("run", runId)
                    .put("written", written)));
            try {
                Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            // the run and its session go on; only a server started again would not know where to go on from
            LOG.warn("cannot keep in {} how far the session holds the record of durable run {}: {}", file, runId,
                    e.toString());
        }
    }

    @Override
    public void input(List<Message> messages) {
        session.input(messages);
        wrote();
    }

    @Override
    public void turn(AssistantMessage turn) {
        session.turn(turn);
        wrote();
    }

    @Override
    public void started(ToolCall call) {
        session.started(call);
        wrote();
    }

    @Override
    public void finished(ToolCall call, ToolResult result) {
        session.finished(call, result);
        wrote();
    }

    @Override
    public void pending(PendingCall call) {
        session.pending(call);
        wrote();
    }

    @Override
    public void compacted(List<Message> conversation) {
        session.compacted(conversation);
        wrote();
    }

    /** The run's end: written by its follower, not one of the engine's records. */
    @Override
    public void ended(RunResult result, String agent) {
        session.ended(result, agent);
    }
}
