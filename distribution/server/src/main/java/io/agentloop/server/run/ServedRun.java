package io.agentloop.server.run;

import io.agentloop.api.run.CallDecision;
import io.agentloop.api.run.PendingCall;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.core.permission.PermissionMode;
import io.agentloop.server.backend.BackendRun;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One served run: what was asked, where it is, what it answered, and its events. Changed only by
 * {@link ServedRuns}, under the run's own lock; read by any request thread.
 */
public final class ServedRun {
    private static final SecureRandom IDS = new SecureRandom();
    private final String id;
    private final String owner;
    private final String agent;
    private final String workspace;
    private final PermissionMode mode;
    private final Optional<String> task;
    private final Instant created;
    private final EventLog events;
    private volatile String session;
    private volatile RunStatus status;
    private volatile Instant updated;
    private volatile Optional<RunResult> result = Optional.empty();
    private volatile Optional<String> reason = Optional.empty();
    private volatile Optional<String> answer = Optional.empty();
    private volatile Optional<String> error = Optional.empty();
    private volatile List<PendingCall> pending = List.of();
    private volatile Map<String, CallDecision> decided = Map.of();
    private volatile Optional<BackendRun> current = Optional.empty();

    /** A new run's id, {@code run_} and 24 hex digits: what the API, the events, the session and A2A all call it. */
    static String newId() {
        byte[] bytes = new byte[12];
        IDS.nextBytes(bytes);
        return "run_" + HexFormat.of().formatHex(bytes);
    }

    ServedRun(String id, String owner, String agent, String session, String workspace, PermissionMode mode,
              Optional<String> task, Instant created, RunStatus status, EventLog events) {
        this.id = id;
        this.owner = owner;
        this.agent = agent;
        this.session = session;
        this.workspace = workspace;
        this.mode = mode;
        this.task = task;
        this.created = created;
        this.updated = created;
        this.status = status;
        this.events = events;
    }

    public String id() {
        return id;
    }

    /** Who started it: a digest of the caller's token, never the token. */
    public String owner() {
        return owner;
    }

    public String agent() {
        return agent;
    }

    public String session() {
        return session;
    }

    /** The folder name under the server's workspace root. */
    public String workspace() {
        return workspace;
    }

    public PermissionMode mode() {
        return mode;
    }

    public Optional<String> task() {
        return task;
    }

    public Instant created() {
        return created;
    }

    public Instant updated() {
        return updated;
    }

    public RunStatus status() {
        return status;
    }

    /** The terminal reason of the last agent run ({@code AWAITING_APPROVAL}, {@code CANCELLED}...). */
    public Optional<String> reason() {
        return reason;
    }

    /** The answer, once completed. */
    public Optional<String> answer() {
        return answer;
    }

    public Optional<String> error() {
        return error;
    }

    /** The last agent run's result, while the server has it (not after a restart). */
    public Optional<RunResult> result() {
        return result;
    }

    /** The calls the run waits for, when waiting. */
    public List<PendingCall> pending() {
        return pending;
    }

    public EventLog events() {
        return events;
    }

    Optional<BackendRun> current() {
        return current;
    }

    /** The decision given on a call the run waits for going on; empty when none yet (or it ends to wait). */
    public Optional<CallDecision> decision(String callId) {
        return Optional.ofNullable(decided.get(callId));
    }

    void running(BackendRun run, Instant now) {
        session = run.session();
        current = Optional.of(run);
        pending = List.of();
        decided = Map.of();
        reason = Optional.empty();
        updated = now;
        status = RunStatus.RUNNING;
    }

    /** The agent run ended: the served run waits, or ends. The status is set last: a reader that sees it sees the rest. */
    void ended(RunResult run, Instant now) {
        result = Optional.of(run);
        current = Optional.empty();
        reason = run.reason().map(TerminalReason::name);
        error = run.error().map(Throwable::getMessage);
        updated = now;
        pending = List.of();
        decided = Map.of();
        if (run.awaitingApproval()) {
            pending = List.copyOf(run.pending());
            status = RunStatus.WAITING;
        } else if (run.success()) {
            answer = Optional.of(run.text());
            status = RunStatus.COMPLETED;
        } else if (run.reason().filter(r -> r == TerminalReason.CANCELLED).isPresent()) {
            status = RunStatus.CANCELLED;
        } else {
            answer = Optional.of(run.text()).filter(text -> !text.isEmpty());
            status = RunStatus.FAILED;
        }
    }

    /** Ended without an agent run: cancelled while waiting, or found interrupted after a restart. */
    void ended(RunStatus to, Optional<String> why, Instant now) {
        current = Optional.empty();
        pending = List.of();
        why.ifPresent(text -> error = Optional.of(text));
        updated = now;
        status = to;
    }

    /** Restored from the record: what the run ended with. */
    void restored(Optional<String> reason, Optional<String> answer, Optional<String> error, Instant updated) {
        this.reason = reason;
        this.answer = answer;
        this.error = error;
        this.updated = updated;
    }

    void pending(List<PendingCall> calls) {
        pending = List.copyOf(calls);
    }

    /** A call of the run, going on, waits for a person (a run that waits going on): the run waits with it. */
    void waiting(PendingCall call, Instant now) {
        if (pending.stream().noneMatch(known -> known.call().id().equals(call.call().id()))) {
            List<PendingCall> more = new java.util.ArrayList<>(pending);
            more.add(call);
            pending = List.copyOf(more);
        }
        updated = now;
        status = RunStatus.WAITING;
    }

    /** A decision the run, waiting going on, was given. */
    void decided(CallDecision decision) {
        Map<String, CallDecision> more = new HashMap<>(decided);
        more.put(decision.callId(), decision);
        decided = Map.copyOf(more);
    }

    /** Every call it waited for is decided: the run, which never stopped, is running again. */
    void goingOn(Instant now) {
        pending = List.of();
        decided = Map.of();
        updated = now;
        status = RunStatus.RUNNING;
    }
}
