package io.agentloop.launcher;

import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.run.PendingCall;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.session.SessionWriter;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.core.engine.DurableEngine;
import io.agentloop.core.run.RunJournal;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import tools.jackson.databind.json.JsonMapper;

/**
 * Follows a run a durable engine holds into its session ({@link HeldRun}): the session says the
 * engine holds it when it starts, and again with how far its record got each time it pauses, so a
 * later follower (an {@code approve} after the first one left) goes on from there without writing a
 * record twice. The run's end, written by the caller, releases the session.
 */
final class HeldFollow {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final SessionWriter writer;
    private HeldRun held;
    private int journal;
    private int events;

    private HeldFollow(SessionWriter writer, HeldRun held) {
        this.writer = writer;
        this.held = held;
        this.journal = held.journal();
        this.events = held.events();
    }

    /** A run that starts now on {@code engine}: the session says the engine holds it from here. */
    static HeldFollow starting(SessionWriter writer, String engine, String runId) {
        HeldFollow follow = new HeldFollow(writer, new HeldRun(engine, runId, 0, 0));
        writer.checkpoint(follow.held.checkpoint());
        return follow;
    }

    /** A run the session says the engine holds, followed on from where its record got. */
    static HeldFollow resuming(SessionWriter writer, HeldRun held) {
        return new HeldFollow(writer, held);
    }

    /**
     * Follows the run until it ends: its records to {@code recorder}, its events to {@code shown}
     * (which may throw to stop following; a pause is on the session's record before it sees the
     * pending call).
     */
    RunResult follow(DurableEngine.Run run, Consumer<String> shown, RunJournal recorder, Duration every)
            throws InterruptedException {
        return run.follow(line -> {
            events++;
            if (JSON.readTree(line).path("type").asString().equals("tool_call_pending")) {
                held = held.at(journal, events);
                writer.checkpoint(held.checkpoint());
            }
            shown.accept(line);
        }, counting(recorder), every, events, journal);
    }

    /** The recorder, counting the run's record lines (one call each) as they are written. */
    private RunJournal counting(RunJournal recorder) {
        return new RunJournal() {
            @Override
            public void input(List<Message> messages) {
                journal++;
                recorder.input(messages);
            }

            @Override
            public void turn(AssistantMessage turn) {
                journal++;
                recorder.turn(turn);
            }

            @Override
            public void started(ToolCall call) {
                journal++;
                recorder.started(call);
            }

            @Override
            public void finished(ToolCall call, ToolResult result) {
                journal++;
                recorder.finished(call, result);
            }

            @Override
            public void pending(PendingCall call) {
                journal++;
                recorder.pending(call);
            }

            @Override
            public void compacted(List<Message> conversation) {
                journal++;
                recorder.compacted(conversation);
            }

            @Override
            public void ended(RunResult result, String agent) {
                recorder.ended(result, agent);
            }

            @Override
            public Optional<RuntimeException> failure() {
                return recorder.failure();
            }

            @Override
            public boolean mayRun(String toolName) {
                return recorder.mayRun(toolName);
            }
        };
    }
}
