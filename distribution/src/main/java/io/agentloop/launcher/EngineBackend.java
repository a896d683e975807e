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
    private final DurableEngine engine;
    private final LauncherBackend launcher;

    EngineBackend(Platform platform, LauncherConfig config, PermissionMode mode, DurableEngine engine) {
        this.platform = platform;
        this.config = config;
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
            run = engine.start(order.runId(), order.agent(), session.history(), task,
                    order.output().map(OutputSchema::schema));
        } catch (RuntimeException e) {
            session.close();
            throw new RequestException(503, "the run could not be started on " + engine.describe() + ": "
                    + e.getMessage());
        } finally {
            Thread.currentThread().setContextClassLoader(before);
        }
        Optional<FollowedRecord> record = followed(session.info().id())
                .map(file -> FollowedRecord.start(session.recorder(), file, run.runId()));
        return following(run, order.agent(), session, record, events);
    }

    /**
     * The run a server before this one followed for {@code session}, followed on from where it
     * left the session's record ({@link FollowedRecord}); empty when it followed none, or the engine
     * no longer has it.
     */
    @Override
    public Optional<BackendRun> reattach(String sessionId, String agent, AgentListener events) {
        Optional<Path> file = followed(sessionId);
        Optional<FollowedRecord.Left> left = file.flatMap(FollowedRecord::left);
        if (left.isEmpty()) {
            return Optional.empty();
        }
        ClassLoader before = Thread.currentThread().getContextClassLoader();
        Thread.currentThread().setContextClassLoader(engine.getClass().getClassLoader());
        Optional<DurableEngine.Run> run;
        try {
            run = engine.find(left.get().runId());
        } finally {
            Thread.currentThread().setContextClassLoader(before);
        }
        if (run.isEmpty()) {
            return Optional.empty();
        }
        SessionOptions options = new SessionOptions();
        options.resume = sessionId;
        LauncherSessions.Opened session;
        try {
            session = LauncherSessions.open(platform, config, options, "").orElseThrow();
        } catch (RuntimeException e) {
            LOG.warn("durable run {} of session {} is not followed again: its session cannot be opened ({})",
                    left.get().runId(), sessionId, e.getMessage());
            return Optional.empty();
        }
        return Optional.of(following(run.get(), agent, session, Optional.of(FollowedRecord.resume(session.recorder(),
                file.orElseThrow(), left.get())), events));
    }

    /** Where how far the session holds its durable run's record is kept: beside it, in a store of files. */
    private Optional<Path> followed(String sessionId) {
        return launcher.sessions() instanceof FileSessionStore files
                ? Optional.of(FollowedRecord.file(files.folder(), sessionId)) : Optional.empty();
    }

    private BackendRun following(DurableEngine.Run run, String agent, LauncherSessions.Opened session,
                                 Optional<FollowedRecord> record, AgentListener events) {
        CompletableFuture<RunResult> result = new CompletableFuture<>();
        Thread follower = Thread.ofVirtual().name("agentloop-durable-run-", 0).unstarted(() -> follow(run,
                agent, session, record, events, result));
        follower.setContextClassLoader(engine.getClass().getClassLoader());
        follower.start();
        return BackendRun.of(session.info().id(), result, run::cancel, decision -> run.decide(List.of(decision)));
    }

    /** Follows the run to its end: its events to the server, its record and end to the session, which is then free. */
    private static void follow(DurableEngine.Run run, String agent, LauncherSessions.Opened session,
                               Optional<FollowedRecord> record, AgentListener events,
                               CompletableFuture<RunResult> result) {
        try {
            RunResult ended;
            try {
                ended = run.follow(line -> EventJson.read(JSON.readTree(line)).ifPresent(events::onEvent),
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

    /** Only a run this server follows takes decisions ({@link BackendRun#decisions()}); one it left is the engine's. */
    @Override
    public void decide(String session, CallDecision decision, Path workspace) {
        throw RequestException.conflict("the run of session " + session + " is no longer followed by this server: "
                + "it waits on " + engine.describe() + "; decide there (temporal workflow signal ... --name decide)");
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
