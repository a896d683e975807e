package io.agentloop.core.session;

import io.agentloop.api.message.Message;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.run.CallDecision;
import io.agentloop.api.run.PendingCall;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.session.Checkpoint;
import io.agentloop.api.session.SessionWriter;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Appends records to one session file under its lock; each append is synced before it returns.
 *
 * <p>Records are written with plain file I/O, not a {@link FileChannel}: the threads that report
 * tool results are the tools' threads, which the platform interrupts to stop a call, and an
 * interrupted thread that touches a channel closes it for good, so one cancelled tool would end
 * the saving of the rest of the run. A {@link RandomAccessFile} ignores interrupts.
 */
final class FileSessionWriter implements SessionWriter {
    private final String sessionId;
    private final RandomAccessFile file;
    private final SessionLock lock;
    private boolean closed;

    /** @param file open for writing, positioned at the end of the last whole record */
    FileSessionWriter(String sessionId, RandomAccessFile file, SessionLock lock) {
        this.sessionId = sessionId;
        this.file = file;
        this.lock = lock;
    }

    @Override
    public String sessionId() {
        return sessionId;
    }

    @Override
    public void append(Message message) {
        write(messageRecord(message));
    }

    @Override
    public void appendResult(ToolResultBlock result) {
        write(resultRecord(result));
    }

    @Override
    public void callStarted(ToolCall call) {
        write(startedRecord(call, Instant.now()));
    }

    @Override
    public void callPending(PendingCall pending) {
        write(pendingRecord(pending, Instant.now()));
    }

    @Override
    public void callDecided(CallDecision decision) {
        write(decidedRecord(decision, Instant.now()));
    }

    @Override
    public void replaceAll(List<Message> messages) {
        ObjectNode record = SessionLog.JSON.createObjectNode().put("type", "replace").put("at", Instant.now().toString());
        ArrayNode array = record.putArray("messages");
        messages.forEach(message -> array.add(MessageCodec.encode(message)));
        write(record);
    }

    @Override
    public void checkpoint(Checkpoint checkpoint) {
        write(checkpointRecord(checkpoint));
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            file.close();
        } catch (IOException e) {
            // every record was already synced
        }
        lock.release();
    }

    private synchronized void write(ObjectNode record) {
        if (closed) {
            throw new IllegalStateException("session " + sessionId + " is closed for writing");
        }
        byte[] line = (SessionLog.JSON.writeValueAsString(record) + "\n").getBytes(StandardCharsets.UTF_8);
        try {
            file.write(line);
            file.getFD().sync();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write to session " + sessionId + ": " + e.getMessage(), e);
        }
    }

    static void writeFully(FileChannel channel, byte[] bytes) throws IOException {
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        while (buffer.hasRemaining()) {
            channel.write(buffer);
        }
    }

    static ObjectNode messageRecord(Message message) {
        ObjectNode record = SessionLog.JSON.createObjectNode().put("type", "message").put("at", Instant.now().toString());
        record.set("message", MessageCodec.encode(message));
        return record;
    }

    static ObjectNode resultRecord(ToolResultBlock result) {
        return resultRecord(result, Instant.now());
    }

    static ObjectNode resultRecord(ToolResultBlock result, Instant at) {
        ObjectNode record = SessionLog.JSON.createObjectNode().put("type", "result").put("at", at.toString());
        record.set("result", MessageCodec.block(result));
        return record;
    }

    /** Intent: the call starts; the name is there for a person reading the file. */
    static ObjectNode startedRecord(ToolCall call, Instant at) {
        return SessionLog.JSON.createObjectNode().put("type", "started").put("at", at.toString())
                .put("call_id", call.id()).put("name", call.name());
    }

    /** The call waits for a decision; the call itself is in the model turn before it. */
    static ObjectNode pendingRecord(PendingCall pending, Instant at) {
        ObjectNode record = SessionLog.JSON.createObjectNode().put("type", "pending").put("at", at.toString())
                .put("call_id", pending.call().id());
        ArrayNode reasons = record.putArray("reasons");
        pending.reasons().forEach(reasons::add);
        ArrayNode rules = record.putArray("remember_as");
        pending.rememberAs().forEach(rules::add);
        return record;
    }

    static ObjectNode decidedRecord(CallDecision decision, Instant at) {
        ObjectNode record = SessionLog.JSON.createObjectNode().put("type", "decided").put("at", at.toString())
                .put("call_id", decision.callId()).put("approval", decision.approval().name());
        decision.reason().ifPresent(reason -> record.put("reason", reason));
        return record;
    }

    static ObjectNode checkpointRecord(Checkpoint checkpoint) {
        ObjectNode record = SessionLog.JSON.createObjectNode().put("type", "checkpoint").put("name", checkpoint.name())
                .put("at", checkpoint.at().toString()).put("state", checkpoint.state());
        record.set("usage", MessageCodec.usage(checkpoint.usage()));
        ObjectNode data = record.putObject("data");
        checkpoint.data().forEach(data::put);
        return record;
    }
}
