package io.agentloop.api.session;

import io.agentloop.api.message.Message;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.run.CallDecision;
import io.agentloop.api.run.PendingCall;
import java.util.List;

/**
 * The one writer of a session, from {@link SessionStore#open}. Each method returns once its record
 * is durable. Not for concurrent use by several threads without outside ordering; the results of
 * parallel tool calls may be appended in any order.
 */
public interface SessionWriter extends AutoCloseable {

    /** The session written to. */
    String sessionId();

    /** Appends a message: the user's, the system's, or a model turn (its tool calls before they run). */
    void append(Message message);

    /**
     * Records that one tool call of the last model turn starts (its intent), before anything of it
     * runs: after a crash, a call with this record and no result is known to have started.
     */
    void callStarted(ToolCall call);

    /** Appends the result of one tool call of the last model turn, right after the call ended (its outcome). */
    void appendResult(ToolResultBlock result);

    /** Records that one tool call of the last model turn waits for a person's decision; it did not start. */
    void callPending(PendingCall pending);

    /** Records a person's decision on a pending call of the last model turn, for the run to carry out. */
    void callDecided(CallDecision decision);

    /** Replaces the conversation from here on (after compaction); earlier records stay for checkpoints. */
    void replaceAll(List<Message> messages);

    /** Records a checkpoint: the conversation as it is now, with the run's state and data. */
    void checkpoint(Checkpoint checkpoint);

    /** Releases the session. Idempotent. */
    @Override
    void close();
}
