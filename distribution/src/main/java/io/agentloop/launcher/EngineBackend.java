package io.agentloop.launcher;

import io.agentloop.api.event.AgentListener;
import io.agentloop.api.run.CallDecision;
import io.agentloop.api.run.CallProgress;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.session.SessionLockedException;
import io.agentloop.api.session.SessionStore;
import io.agentloop.core.engine.DurableEngine;
import io.agentloop.core.event.EventJson;
import io.agentloop.core.output.OutputSchema;
import io.agentloop.core.run.RunJournal;
import io.agentloop.core.session.FileSessionStore;
import io.agentloop.core.permission.PermissionMode;
import io.agentloop.server.backend.BackendRun;
import io.agentloop.server.backend.RequestException;
import io.agentloop.server.backend.RunBackend;
import io.agentloop.server.backend.RunOrder;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.json.JsonMapper;

/**
 * The agents of {@code agentloop serve --engine temporal}: each run starts on the engine, where the
 * workers carry it out with their own agents (by the same names), tools and workspace, and is
 * followed here: its events to the server, its record to its session. A call that asks waits in the
 * engine, the run going on there, and a decision over HTTP reaches it as the engine's signal.
 * Sessions, the agents' names and the mode are the launcher backend's.
 */
final class EngineBackend implements RunBackend {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Logger LOG = LoggerFactory.getLogger(EngineBackend.class);
    private static final Duration EVERY = Duration.ofMillis(200);

    private final Platform platform;
    private final LauncherConfig config;
    private final String engineName;
    private final DurableEngine engine;
    private final LauncherBackend launcher;

    EngineBackend(Platform platform, LauncherConfig config, PermissionMode mode, String engineName,
                  DurableEngine engine) {
        this.platform = platform;
        this.config = config;
        this.engineName = engineName;
        this.engine = engine;
        this.launcher = new LauncherBackend(platform, config, mode);
    }

    /** Where the runs go, for a person. */
    String describe() {
        return engine.describe();
    }

    @Override
    public List<String> agents() {
        return launcher.agents();
    }

    @Override
    public PermissionMode mode() {
        return launcher.mode();
    }

    @Override
    public BackendRun start(RunOrder order, AgentListener events) {
        String task = order.task().orElseThrow(() -> RequestException.conflict("a run on " + engine.describe()
                + " waits there for its decisions and is not started again: continue its session with a new task"));
        SessionOptions options = new SessionOptions();
        options.resume = order.session().orElse(null);
        LauncherSessions.Opened session;
        try {
            session = LauncherSessions.open(platform, config, options, task).orElseThrow(() -> new RequestException(500,
                    "the server needs sessions (sessions.enabled: true): a served run is kept in one"));
        } catch (SessionLockedException e) {
            throw RequestException.conflict("session " + order.session().orElse("") + " is in use by another run: "
                    + "wait for it to end or cancel it");
        } catch (ConfigLoader.ConfigurationException e) {
            throw order.session().isPresent() ? RequestException.notFound(e.getMessage())
                    : new RequestException(500, "the server's configuration is wrong: " + e.getMessage());
        }
        DurableEngine.Run run;
        ClassLoader before = Thread.currentThread().getContextClassLoader();
        // the engine's libraries look for their parts through the context loader; a request's thread has the server's
        Thread.currentThread().setContextClassLoader(engine.getClass().getClassLoader());
        try {
            // the run's mode (within the server's, and the workers'), workspace and the rules approved there
            Path workspace = order.workspace().toAbsolutePath().normalize();
            run = engine.start(order.runId(), order.agent(), session.history(), task,
                    order.output().map(OutputSchema::schema), Optional.of(new DurableEngine.Terms(order.mode(),
                            ApprovedRules.of(config).rules(workspace), Optional.of(workspace))));
        } catch (RuntimeException e) {
            session.close();
            throw new RequestException(503, "the run could not be started on " + engine.describe() + ": "
                    + e.getMessage());
        } finally {
            Thread.currentThread().setContextClassLoader(before);
        }
        HeldFollow held;
        try {
            held = HeldFollow.starting(session.writer(), engineName, run.runId());
        } catch (RuntimeException e) {
            run.cancel();
            session.close();
            throw new RequestException(500, "session " + session.info().id() + " cannot be written, so the run on "
                    + engine.describe() + " was cancelled: " + e.getMessage());
        }
        Optional<FollowedRecord> record = followed(session.info().id())
                .map(file -> FollowedRecord.start(session.recorder(), file, run.runId()));
        return following(run, held, order.agent(), session, record, order.workspace(), events);
    }

    /**
     * The run a server before this one followed for {@code session}, followed on from where the
     * session's record of it got: as far as that server wrote ({@link FollowedRecord}), or as far as
     * a later follower wrote up to a pause ({@code agentloop approve}, {@link HeldRun}). Empty when it
     * followed none, or the run's end is on the session's record already. Its events come again from
     * the first (the server passes over those it has); an "always" given to it keeps its rules for
     * {@code workspace}.
     */
    @Override
    public Optional<BackendRun> reattach(String sessionId, String agent, Path workspace, AgentListener events) {
        Optional<Path> file = followed(sessionId);
        Optional<FollowedRecord.Left> left = file.flatMap(FollowedRecord::left);
        if (left.isEmpty()) {
            return Optional.empty();
        }
        LauncherSessions.Opened session;
        Optional<HeldRun> held;
        try {
            session = LauncherSessions.following(platform, config, sessionId).orElseThrow();
            held = sessions().load(sessionId).flatMap(HeldRun::of).filter(h -> h.runId().equals(left.get().runId()));
        } catch (RuntimeException e) {
            LOG.warn("durable run {} of session {} is not followed again: its session cannot be opened ({})",
                    left.get().runId(), sessionId, e.getMessage());
            return Optional.empty();
        }
        if (held.isEmpty()) { // followed to its end by another process (agentloop approve)
            session.close();
            FollowedRecord.forget(file.orElseThrow());
            return Optional.empty();
        }
        int written = Math.max(left.get().written(), held.get().journal());
        ClassLoader before = Thread.currentThread().getContextClassLoader();
        Thread.currentThread().setContextClassLoader(engine.getClass().getClassLoader());
        DurableEngine.Run run;
        try {
            run = engine.run(left.get().runId());
        } finally {
            Thread.currentThread().setContextClassLoader(before);
        }
        return Optional.of(following(run, HeldFollow.resuming(session.writer(), held.get().at(written, 0)), agent,
                session, Optional.of(FollowedRecord.from(session.recorder(), file.orElseThrow(), run.runId(), written)),
                workspace, events));
    }

    /** Where how far the session holds its durable run's record is kept: beside it, in a store of files. */
    private Optional<Path> followed(String sessionId) {
        return launcher.sessions() instanceof FileSessionStore files
                ? Optional.of(FollowedRecord.file(files.folder(), sessionId)) : Optional.empty();
    }

    private BackendRun following(DurableEngine.Run run, HeldFollow held, String agent, LauncherSessions.Opened session,
                                 Optional<FollowedRecord> record, Path workspace, AgentListener events) {
        CompletableFuture<RunResult> result = new CompletableFuture<>();
        Thread follower = Thread.ofVirtual().name("agentloop-durable-run-", 0).unstarted(() -> follow(run, held,
                agent, session, record, events, result));
        follower.setContextClassLoader(engine.getClass().getClassLoader());
        follower.start();
        return BackendRun.of(session.info().id(), result, run::cancel, decision -> decide(run, decision, workspace));
    }

    /**
     * A decision reaches the run in the engine, where the first decision on a call wins; a later one
     * is refused. "Always" also keeps the call's rules for the run's workspace, as a local run's does.
     */
    private void decide(DurableEngine.Run run, CallDecision decision, Path workspace) {
        List<String> rules = decision.approval() == io.agentloop.api.permission.Approval.ALLOW_ALWAYS ? run.waiting().stream()
                .filter(call -> call.call().id().equals(decision.callId())).findFirst()
                .map(call -> call.rememberAs()).orElse(List.of()) : List.of();
        if (!run.decide(List.of(decision)).isEmpty()) {
            throw RequestException.conflict("call " + decision.callId() + " was decided already (the first "
                    + "decision on a call is the one carried out): it waits no more");
        }
        if (!rules.isEmpty()) {
            ApprovedRules.of(config).add(workspace.toAbsolutePath().normalize(), rules);
        }
    }

    /** Follows the run to its end: its events to the server, its record and end to the session, which is then free. */
    private static void follow(DurableEngine.Run run, HeldFollow held, String agent, LauncherSessions.Opened session,
                               Optional<FollowedRecord> record, AgentListener events,
                               CompletableFuture<RunResult> result) {
        try {
            RunResult ended;
            try {
                ended = held.follow(run, line -> EventJson.read(JSON.readTree(line)).ifPresent(events::onEvent),
                        record.<RunJournal>map(r -> r).orElse(session.recorder()), EVERY);
                session.recorder().ended(ended, agent);
                record.ifPresent(FollowedRecord::done);
            } finally {
                session.close();
            }
            result.complete(ended);
        } catch (Throwable e) {
            result.completeExceptionally(e);
        }
    }

    @Override
    public List<CallProgress> pending(String session) {
        return launcher.pending(session);
    }

    /**
     * A run this server follows takes decisions itself ({@link BackendRun#decisions()}); one it no
     * longer follows (the server restarted) is decided in the engine that holds it, as
     * {@code agentloop approve} does.
     */
    @Override
    public void decide(String session, CallDecision decision, Path workspace) {
        Optional<HeldRun> held = sessions().load(session).flatMap(HeldRun::of);
        if (held.isEmpty()) {
            launcher.decide(session, decision, workspace);
            return;
        }
        decide(engine.run(held.get().runId()), decision, workspace);
    }

    @Override
    public SessionStore sessions() {
        return launcher.sessions();
    }

    @Override
    public String mask(String text) {
        return launcher.mask(text);
    }
}
