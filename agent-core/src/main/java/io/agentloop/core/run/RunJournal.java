package io.agentloop.core.run;

import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.run.PendingCall;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.tool.ToolResult;
import java.util.List;
import java.util.Optional;

/**
 * The run's record as it happens: the loop writes each step before its effect starts (intent) and
 * after it ends (outcome), so the record alone says where a run stood when it stopped. A session
 * ({@code SessionRecorder}) is one; {@link #NONE} keeps nothing.
 *
 * <p>Called by the run's thread, except {@link #started} and {@link #finished}, which the tool
 * calls' threads may call at once. Every method returns once its record is durable; none throws:
 * a write that fails is kept for {@link #failure()}, and the run then stops before its next tool
 * call that could change something.
 */
public interface RunJournal {

    /** Keeps nothing. */
    RunJournal NONE = new RunJournal() {
        @Override
        public void input(List<Message> messages) {
        }

        @Override
        public void turn(AssistantMessage turn) {
        }

        @Override
        public void started(ToolCall call) {
        }

        @Override
        public void finished(ToolCall call, ToolResult result) {
        }

        @Override
        public void pending(PendingCall call) {
        }

        @Override
        public void compacted(List<Message> conversation) {
        }

        @Override
        public void ended(RunResult result, String agent) {
        }
    };

    /** The messages the run starts from (its whole input); what is already on record is skipped. */
    void input(List<Message> messages);

    /** A model turn, as assembled, before any of its tool calls starts. */
    void turn(AssistantMessage turn);

    /** Intent: a tool call of the last turn starts now; nothing of it has run yet. */
    void started(ToolCall call);

    /** Outcome: a tool call of the last turn ended with this result (what the model is given). */
    void finished(ToolCall call, ToolResult result);

    /** A tool call of the last turn waits for a person's decision; it did not start. */
    void pending(PendingCall call);

    /** The conversation was compacted to these messages. */
    void compacted(List<Message> conversation);

    /** The run ended (a checkpoint); {@code agent} is the agent's name. */
    void ended(RunResult result, String agent);

    /** The first write that failed, if any; nothing is written after it. */
    default Optional<RuntimeException> failure() {
        return Optional.empty();
    }

    /**
     * Whether a call of this tool may run though the record can no longer be written: by default
     * only when nothing failed.
     */
    default boolean mayRun(String toolName) {
        return failure().isEmpty();
    }
}
