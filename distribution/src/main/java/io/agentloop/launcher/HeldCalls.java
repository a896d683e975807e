package io.agentloop.launcher;

import io.agentloop.api.run.CallProgress;
import io.agentloop.api.run.PendingCall;
import io.agentloop.api.session.Session;
import io.agentloop.api.session.SessionStore;
import io.agentloop.core.engine.DurableEngine;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The calls that wait for a person in every session, as {@code agentloop approvals} lists them: from
 * each session's record, except where a durable engine holds the session's run ({@link HeldRun}):
 * then from the engine, which alone knows what was decided since (by a command, the server or the
 * engine's own tools). An engine that cannot be reached is said once, and its sessions' records
 * are listed instead. The engines are connected once each, and closed with this.
 */
final class HeldCalls implements AutoCloseable {
    private final Path home;
    private final LauncherConfig config;
    private final Map<String, Optional<DurableEngine>> engines = new LinkedHashMap<>();
    private final List<String> unreachable = new ArrayList<>();

    HeldCalls(Path home, LauncherConfig config) {
        this.home = home;
        this.config = config;
    }

    /** Every undecided waiting call of every session of the store, oldest session first. */
    List<PendingCalls.Waiting> in(SessionStore store) {
        List<PendingCalls.Waiting> all = new ArrayList<>();
        store.list().reversed().forEach(info -> store.load(info.id()).ifPresent(session -> all.addAll(of(session))));
        return all;
    }

    /** What could not be asked: one line per engine, empty when every engine answered. */
    List<String> unreachable() {
        return List.copyOf(unreachable);
    }

    private List<PendingCalls.Waiting> of(Session session) {
        Optional<HeldRun> held = HeldRun.of(session);
        Optional<DurableEngine> engine = held.flatMap(run -> engine(run.engine()));
        if (held.isEmpty() || engine.isEmpty()) {
            return PendingCalls.undecided(session);
        }
        List<PendingCall> waiting;
        try {
            waiting = engine.get().run(held.get().runId()).waiting();
        } catch (RuntimeException e) {
            unreachable.add(held.get().engine() + " did not answer for run " + held.get().runId() + " (" + e.getMessage()
                    .lines().findFirst().orElse(e.toString()) + "): session " + session.info().id() + " is listed as "
                    + "its record has it");
            return PendingCalls.undecided(session);
        }
        List<CallProgress> recorded = PendingCalls.pending(session);
        return waiting.stream().map(call -> new PendingCalls.Waiting(session.info().id(), call, recorded.stream()
                .filter(c -> c.call().id().equals(call.call().id())).map(CallProgress::at).findFirst()
                .orElse(session.info().updated()), held, engine.get().manualDecision(held.get().runId(),
                call.call().id()))).toList();
    }

    private Optional<DurableEngine> engine(String name) {
        return engines.computeIfAbsent(name, key -> {
            try {
                return Optional.of(Engines.connect(home, config, key));
            } catch (ConfigLoader.ConfigurationException e) {
                unreachable.add(e.getMessage());
                return Optional.empty();
            }
        });
    }

    @Override
    public void close() {
        engines.values().forEach(engine -> engine.ifPresent(DurableEngine::close));
    }
}
