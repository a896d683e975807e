package io.agentloop.core.session;

import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.run.CallDecision;
import io.agentloop.api.run.CallProgress;
import io.agentloop.api.run.OpenTurn;
import io.agentloop.api.run.PendingCall;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The records of one model turn with tool calls, as a session file is replayed ({@link SessionLog}):
 * what each call got to (started, pending, decided, finished) and when. A turn whose calls all
 * finished becomes the turn and its results in the conversation; the last turn of a file whose calls
 * did not becomes the session's {@link OpenTurn}; an unfinished turn that the conversation went on
 * past is closed with "interrupted" results, as no run will come back to it.
 */
final class TurnRecords {
    private final AssistantMessage turn;
    private final Instant at;
    private final Map<String, Call> calls = new LinkedHashMap<>();

    TurnRecords(AssistantMessage turn, Instant at) {
        this.turn = turn;
        this.at = at;
        turn.toolCalls().forEach(call -> calls.put(call.id(), new Call(call, at)));
    }

    /** Takes a started, pending or decided record; returns why it cannot, or null when it was taken. */
    String started(String callId, Instant when) {
        return update(callId, "started", when, call -> call.started = true);
    }

    String pending(String callId, List<String> reasons, List<String> rememberAs, Instant when) {
        // A call's intent is on record before the permission check that makes it wait: the wait is where it stands.
        return update(callId, "pending", when, call -> {
            call.started = false;
            call.pending = new PendingCall(call.call, reasons, rememberAs);
        });
    }

    String decided(CallDecision decision, Instant when) {
        return update(decision.callId(), "decided", when, call -> call.decision = decision);
    }

    /** Results of calls the turn does not have are kept too, as they always were. */
    void result(ToolResultBlock result, Instant when) {
        Call call = calls.get(result.toolCallId());
        if (call != null) {
            call.result = result;
            call.at = when;
        }
    }

    boolean finished() {
        return calls.values().stream().allMatch(call -> call.result != null);
    }

    /** The turn and its results in call order, a call with no result closed as interrupted. */
    List<Message> close() {
        List<ToolResultBlock> results = new ArrayList<>();
        for (Call call : calls.values()) {
            results.add(call.result != null ? call.result
                    : new ToolResultBlock(call.call.id(), call.call.name(), SessionLog.INTERRUPTED, true));
        }
        return List.of(turn, new ToolMessage(results));
    }

    /** The turn as the session's open turn: each call and how far it got, in call order. */
    OpenTurn open() {
        List<CallProgress> progress = new ArrayList<>();
        for (Call call : calls.values()) {
            CallProgress.Stage stage = call.result != null ? CallProgress.Stage.FINISHED
                    : call.started ? CallProgress.Stage.STARTED
                    : call.pending != null ? CallProgress.Stage.PENDING : CallProgress.Stage.NOT_STARTED;
            progress.add(new CallProgress(call.call, stage, Optional.ofNullable(call.result),
                    stage == CallProgress.Stage.PENDING ? Optional.of(call.pending) : Optional.empty(),
                    Optional.ofNullable(call.decision), call.at));
        }
        return new OpenTurn(turn, progress);
    }

    Instant at() {
        return at;
    }

    private String update(String callId, String type, Instant when, Consumer<Call> change) {
        Call call = calls.get(callId);
        if (call == null) {
            return "a " + type + " record for call '" + callId + "', which the last model turn does not have";
        }
        change.accept(call);
        call.at = when;
        return null;
    }

    /** What the records say of one call. */
    private static final class Call {
        final ToolCall call;
        Instant at;
        boolean started;
        PendingCall pending;
        CallDecision decision;
        ToolResultBlock result;

        Call(ToolCall call, Instant at) {
            this.call = call;
            this.at = at;
        }
    }
}
