package io.agentloop.server.run;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.event.AgentListener;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.run.CallDecision;
import io.agentloop.api.run.CallProgress;
import io.agentloop.api.run.PendingCall;
import io.agentloop.api.run.RunResult;
import io.agentloop.core.event.EventJson;
import io.agentloop.core.permission.PermissionMode;
import io.agentloop.server.backend.BackendRun;
import io.agentloop.server.backend.RequestException;
import io.agentloop.server.backend.RunBackend;
import io.agentloop.server.backend.RunOrder;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Every run the server has: starting them (after every check, so a refused request leaves
 * nothing), their events, the decisions that let a waiting run go on, cancelling, and their records
 * on disk so that a server started again still lists them and a waiting run still waits. Each run and
 * session is its caller's ({@link Caller}); finished runs are forgotten after a while (retention).
 */
public final class ServedRuns implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ServedRuns.class);
    private static final JsonMapper JSON = JsonMapper.builder().build();
    /** The type of the events the server adds to a run's log; the others are the run's own. */
    private static final String RUN_STATE = "run_state";

    private final RunBackend backend;
    private final RunWorkspaces workspaces;
    private final RunRecords records;
    private final SessionOwners owners;
    private final RunRetention retention;
    private final RunsPerOwner going;
    private final Clock clock;
    private final Map<String, ServedRun> runs = new ConcurrentHashMap<>();
    private volatile boolean closing;

    /**
     * Opens the runs on record in {@code data}: a run the last server left running is followed again
     * when it goes on without a server (a durable engine's), else {@code INTERRUPTED} (its session
     * holds where it was); a waiting run waits still.
     */
    public ServedRuns(RunBackend backend, Path workspaces, Path data, int runsPerOwner, Clock clock) {
        this(backend, workspaces, data, runsPerOwner, Duration.ofDays(30), 1000, clock);
    }

    /** As above; a finished run is forgotten once it ended {@code keepFor} ago or {@code keepCount} runs after it. */
    public ServedRuns(RunBackend backend, Path workspaces, Path data, int runsPerOwner, Duration keepFor,
                      int keepCount, Clock clock) {
        this.backend = backend;
        this.workspaces = new RunWorkspaces(workspaces, data);
        this.records = new RunRecords(data);
        this.owners = new SessionOwners(data);
        this.retention = new RunRetention(keepFor, keepCount);
        this.going = new RunsPerOwner(runsPerOwner);
        this.clock = clock;
        for (ServedRun run : records.load()) {
            runs.put(run.id(), run);
            this.workspaces.adopt(run.workspace(), run.owner());
            Optional<BackendRun> again = run.status().ended() ? Optional.empty()
                    : backend.reattach(run.session(), run.agent(), this.workspaces.folder(run.workspace()),
                            new HeardBefore(run.events().count(type -> !type.equals(RUN_STATE)), listener(run)));
            if (again.isPresent()) {
                synchronized (run) { // going on already: counted as before the restart, never refused
                    going.resumed(run.owner());
                    run.running(again.get(), clock.instant());
                    records.save(run);
                    follow(run, again.get());
                }
                continue;
            }
            switch (run.status()) {
                case RUNNING -> {
                    run.ended(RunStatus.INTERRUPTED, Optional.of(interrupted(run)), clock.instant());
                    records.save(run);
                    run.events().end();
                }
                case WAITING -> run.pending(backend.pending(run.session()).stream()
                        .flatMap(call -> call.pending().stream()).toList());
                default -> run.events().end();
            }
        }
        prune(null);
    }

    /**
     * Starts a run: checks the request against the server (profile, mode, workspace, the owner's
     * runs going on), then has the backend start it.
     *
     * @throws RequestException naming what is wrong; nothing is created then
     */
    public ServedRun start(RunRequest request) {
        request.session().filter(session -> !seesSession(request.caller(), session)).ifPresent(session -> {
            throw RequestException.notFound("there is no session '" + session + "': list them with GET /v1/sessions");
        });
        String agent = request.agent().orElse(backend.agents().getFirst());
        if (!backend.agents().contains(agent)) {
            throw RequestException.badRequest("there is no agent '" + agent + "': the agents are "
                    + String.join(", ", backend.agents()));
        }
        PermissionMode mode = request.modeWithin(backend.mode());
        String id = ServedRun.newId();
        String folder = request.workspace().orElseGet(() -> request.session().flatMap(this::workspaceOf).orElse(id));
        Path workspace = workspaces.folder(folder);
        going.reserve(request.owner());
        boolean made = false;
        boolean claimed = false;
        try {
            claimed = workspaces.claim(folder, request.caller()); // another's folder is refused as missing
            made = RunWorkspaces.make(workspace);
            ServedRun run = new ServedRun(id, request.owner(), agent, request.session().orElse(""), folder, mode,
                    Optional.of(request.task()), clock.instant(), RunStatus.RUNNING, records.newEvents(id));
            synchronized (run) { // a call that waits going on is taken once the run is known to be going on
                BackendRun started = backend.start(new RunOrder(id, agent, Optional.of(request.task()),
                        request.session(), mode, request.output(), workspace), listener(run));
                run.running(started, clock.instant());
                owners.claim(run.session(), run.owner());
                runs.put(id, run);
                records.save(run);
                follow(run, started);
            }
            return run;
        } catch (IOException | RuntimeException e) { // nothing is left of a run that did not start
            going.release(request.owner());
            if (claimed) {
                workspaces.release(folder);
            }
            if (made) {
                RunWorkspaces.deleteEmpty(workspace);
            }
            throw e instanceof IOException cannot ? new RequestException(500, "cannot make the run's workspace "
                    + folder + ": " + cannot.getMessage()) : (RuntimeException) e;
        }
    }

    public RunBackend backend() {
        return backend;
    }

    /** The folder each run's workspace is a folder of (a run's {@link ServedRun#workspace()} names it). */
    public Path workspaces() {
        return workspaces.root();
    }

    /** A run by id. */
    public Optional<ServedRun> get(String id) {
        return Optional.ofNullable(runs.get(id));
    }

    /** A run by id, when {@code caller} may see it: to another user a run of someone else's does not exist. */
    public Optional<ServedRun> get(String id, Caller caller) {
        return get(id).filter(run -> caller.sees(run.owner()));
    }

    /** Every run, newest first, or only those in {@code status}. */
    public List<ServedRun> list(Optional<RunStatus> status) {
        return runs.values().stream().filter(run -> status.map(s -> run.status() == s).orElse(true))
                .sorted(Comparator.comparing(ServedRun::created).reversed().thenComparing(ServedRun::id)).toList();
    }

    /** As {@link #list(Optional)}, only the runs {@code caller} may see. */
    public List<ServedRun> list(Optional<RunStatus> status, Caller caller) {
        return list(status).stream().filter(run -> caller.sees(run.owner())).toList();
    }

    /** Whether {@code caller} may see and continue the session: an administrator any, a user those it made. */
    public boolean seesSession(Caller caller, String session) {
        return caller.admin() || owners.owner(session).filter(caller.name()::equals).isPresent();
    }

    /** The name of the caller whose run made the session, when a served run did. */
    public Optional<String> sessionOwner(String session) {
        return owners.owner(session);
    }

    /** The calls a waiting run waits for, decided or not; empty when it waits for none. */
    public List<CallProgress> approvals(ServedRun run) {
        if (run.status() != RunStatus.WAITING) {
            return List.of();
        }
        if (decidedGoingOn(run).isPresent()) {
            return run.pending().stream().map(call -> new CallProgress(call.call(), CallProgress.Stage.PENDING,
                    Optional.empty(), Optional.of(call), run.decision(call.call().id()), run.updated())).toList();
        }
        return backend.pending(run.session());
    }

    /**
     * Records a decision on a call the run waits for; once every call is decided the run goes on.
     *
     * @throws RequestException when the run does not wait or the call is not one it waits for
     */
    public ServedRun decide(ServedRun run, CallDecision decision) {
        synchronized (run) {
            if (run.status() != RunStatus.WAITING) {
                throw RequestException.conflict("run " + run.id() + " is " + run.status() + ", not waiting for a "
                        + "decision");
            }
            List<CallProgress> waiting = approvals(run);
            if (waiting.stream().noneMatch(call -> call.call().id().equals(decision.callId()))) {
                throw RequestException.notFound("run " + run.id() + " does not wait for a call '" + decision.callId()
                        + "'; it waits for: " + String.join(", ", waiting.stream().map(c -> c.call().id()).toList()));
            }
            Optional<Consumer<CallDecision>> goingOn = decidedGoingOn(run);
            if (goingOn.isPresent()) {
                goingOn.get().accept(decision);
                run.decided(decision);
                if (run.status() == RunStatus.WAITING && run.pending().stream()
                        .allMatch(call -> run.decision(call.call().id()).isPresent())) {
                    run.goingOn(clock.instant());
                    state(run);
                }
                return run;
            }
            backend.decide(run.session(), decision, workspaces.folder(run.workspace()));
            boolean undecided = backend.pending(run.session()).stream().anyMatch(call -> call.decision().isEmpty());
            if (!undecided) {
                goOn(run);
            }
            return run;
        }
    }

    /**
     * Cancels a run: a running one, or one waiting going on, stops (and ends {@code CANCELLED} when
     * it has); a waiting or interrupted one ends now.
     *
     * @throws RequestException when it has ended already
     */
    public ServedRun cancel(ServedRun run) {
        synchronized (run) {
            switch (run.status()) {
                case RUNNING -> run.current().ifPresent(BackendRun::cancel);
                case WAITING, INTERRUPTED -> {
                    if (run.current().isPresent()) {
                        run.current().get().cancel();
                        return run;
                    }
                    run.ended(RunStatus.CANCELLED, Optional.empty(), clock.instant());
                    state(run);
                }
                default -> throw RequestException.conflict("run " + run.id() + " has ended already ("
                        + run.status() + ")");
            }
            return run;
        }
    }

    /** Whether a run of this server is going on in the session now. */
    public boolean busy(String session) {
        return runs.values().stream().anyMatch(run -> run.session().equals(session)
                && (run.status() == RunStatus.RUNNING || run.current().isPresent()));
    }

    /**
     * Stops every run going on, waiting a little for each to end: they are recorded
     * {@code INTERRUPTED} (their sessions hold where they were), not cancelled, since no one asked.
     */
    @Override
    public void close() {
        closing = true;
        List<java.util.concurrent.CompletableFuture<?>> ending = new java.util.ArrayList<>();
        runs.values().forEach(run -> run.current().ifPresent(current -> {
            if (current.decisions().isPresent()) {
                return; // a run that lives elsewhere (a durable engine's) goes on there without this server
            }
            current.cancel();
            ending.add(current.result());
        }));
        try {
            java.util.concurrent.CompletableFuture.allOf(ending.toArray(java.util.concurrent.CompletableFuture[]::new))
                    .get(5, java.util.concurrent.TimeUnit.SECONDS);
        } catch (Exception notInTime) {
            // their records say RUNNING: a server started again finds them interrupted
        }
        runs.values().forEach(run -> run.events().end());
    }

    private static String interrupted(ServedRun run) {
        return "the server stopped while the run was going on; its session holds where it was: continue it with "
                + "POST /v1/sessions/" + run.session() + "/messages";
    }

    private void goOn(ServedRun run) {
        going.reserve(run.owner());
        try {
            BackendRun started = backend.start(new RunOrder(run.id(), run.agent(), Optional.empty(),
                    Optional.of(run.session()), run.mode(), Optional.empty(), workspaces.folder(run.workspace())),
                    listener(run));
            run.running(started, clock.instant());
            state(run);
            follow(run, started);
        } catch (RuntimeException e) {
            going.release(run.owner());
            throw e;
        }
    }

    private void follow(ServedRun run, BackendRun started) {
        started.result().whenComplete((result, failure) -> {
            synchronized (run) {
                going.release(run.owner());
                if (failure != null) {
                    LOG.warn("served run {} failed outside the agent loop", run.id(), failure);
                    run.ended(RunStatus.FAILED, Optional.of(String.valueOf(failure.getMessage())), clock.instant());
                } else if (run.status() == RunStatus.CANCELLED) {
                    return; // cancelled while it went on: the record says so already
                } else if (closing) {
                    run.ended(RunStatus.INTERRUPTED, Optional.of(interrupted(run)), clock.instant());
                } else {
                    run.ended(result, clock.instant());
                }
                state(run);
            }
        });
    }

    /** Saves the run's state, tells its stream, and ends the stream when the run has ended. */
    private void state(ServedRun run) {
        if (run.status().ended()) {
            prune(run); // first: a client told the run ended finds the runs retention forgot gone
        }
        ObjectNode event = JSON.createObjectNode().put("type", RUN_STATE).put("run", run.id())
                .put("state", run.status().toString());
        run.reason().ifPresent(reason -> event.put("reason", reason));
        run.error().ifPresent(error -> event.put("error", backend.mask(error)));
        run.events().append(RUN_STATE, JSON.writeValueAsString(event));
        records.save(run);
        if (run.status().ended()) {
            run.events().end();
        } else if (run.status() == RunStatus.WAITING) {
            run.events().release(); // it may wait for days, and waiting runs are not limited: no file kept open
        }
    }

    private void prune(ServedRun ending) {
        retention.prune(runs, records, ending, clock.instant());
    }

    private AgentListener listener(ServedRun run) {
        String[] agent = {run.agent()};
        return event -> {
            if (event instanceof AgentEvent.RunStarted started && started.parentRunId().isEmpty()) {
                agent[0] = started.agent();
            }
            ObjectNode line = EventJson.describe(event);
            line.put("agent", agent[0]);
            run.events().append(line.path("type").asString(), backend.mask(JSON.writeValueAsString(line)));
            if (event instanceof AgentEvent.ToolCallPending call) {
                waitsGoingOn(run, call);
            }
        };
    }

    /** A call of a run that waits going on waits for a person: the run is waiting until every such call is decided. */
    private void waitsGoingOn(ServedRun run, AgentEvent.ToolCallPending call) {
        synchronized (run) {
            if (decidedGoingOn(run).isEmpty() || run.status().ended()) {
                return; // a run that ends to wait is waiting once it has ended
            }
            boolean was = run.status() == RunStatus.WAITING;
            run.waiting(new PendingCall(ToolCall.of(call.id(), call.name(), call.arguments()), call.reasons(),
                    List.of()), clock.instant());
            if (was) {
                records.save(run);
                run.events().release(); // the call's event opened the file again
            } else {
                state(run);
            }
        }
    }

    /** Where decisions on the run's calls go when it waits for them going on; empty when it ends to wait. */
    private static Optional<Consumer<CallDecision>> decidedGoingOn(ServedRun run) {
        return run.current().flatMap(BackendRun::decisions);
    }

    private Optional<String> workspaceOf(String session) {
        return runs.values().stream().filter(run -> run.session().equals(session))
                .max(Comparator.comparing(ServedRun::created)).map(ServedRun::workspace);
    }
}
