package io.agentloop.launcher;

import io.agentloop.api.message.Usage;
import io.agentloop.api.session.Checkpoint;
import io.agentloop.api.session.Session;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * A session's run that a durable engine holds: started there ({@code run --engine temporal},
 * {@code serve --engine temporal}) and not yet ended on the session's record. The session keeps it
 * as a checkpoint {@code engine-...} (no run's: statistics skip it), written when the run starts and
 * again each time it pauses, with how much of the run's record and events the session has then; the
 * run's own checkpoint {@code run-N}, written when it ends, releases it. While a run is held, its
 * calls are decided in the engine (with {@code approve}, {@code deny}, the server's approval route
 * or the engine's own tools), never carried out here, so a call runs at most once.
 *
 * @param engine  the engine's name ({@code temporal})
 * @param runId   the run's id in the engine
 * @param journal how many of the run's record lines the session holds
 * @param events  how many of the run's events were shown
 */
record HeldRun(String engine, String runId, int journal, int events) {
    private static final String PREFIX = "engine-";

    /** The run the engine holds for this session, if its last checkpoint says one does. */
    static Optional<HeldRun> of(Session session) {
        if (session.checkpoints().isEmpty()) {
            return Optional.empty();
        }
        Checkpoint last = session.checkpoints().getLast().checkpoint();
        Map<String, String> data = last.data();
        if (!last.name().startsWith(PREFIX) || !data.containsKey("engine") || !data.containsKey("run_id")) {
            return Optional.empty();
        }
        return Optional.of(new HeldRun(data.get("engine"), data.get("run_id"), count(data.get("journal")),
                count(data.get("events"))));
    }

    private static int count(String text) {
        try {
            return text == null ? 0 : Integer.parseInt(text);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** The same run, with this much of it on the session's record. */
    HeldRun at(int journal, int events) {
        return new HeldRun(engine, runId, journal, events);
    }

    /** The checkpoint that says so: named for the run and the record's length, so each is a name of its own. */
    Checkpoint checkpoint() {
        return new Checkpoint(PREFIX + runId + "-" + journal, Instant.now(), "HELD BY " + engine, Usage.ZERO,
                Map.of("engine", engine, "run_id", runId, "journal", Integer.toString(journal),
                        "events", Integer.toString(events)));
    }

    /** For a person: where the run is, and that it goes on there. */
    String where() {
        return "the " + engine + " engine holds its run (" + runId + ")";
    }
}
