package io.agentloop.launcher;

import io.agentloop.api.run.CallDecision;
import io.agentloop.api.run.PendingCall;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.session.Session;
import io.agentloop.api.session.SessionLockedException;
import io.agentloop.api.session.SessionStore;
import io.agentloop.api.session.SessionWriter;
import io.agentloop.core.engine.DurableEngine;
import io.agentloop.core.event.EventJson;
import io.agentloop.core.session.SessionRecorder;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code approve} and {@code deny} for a session whose run a durable engine holds ({@link HeldRun}):
 * the decisions go to the run in the engine, where the first decision on a call wins, so a call
 * decided already (by another command, the server or the engine's own tools) is answered as such
 * and runs at most once. Then, unless another process follows the run (a server holds its session),
 * this one follows it into the session until it ends or pauses again, as {@code run --engine} does.
 */
final class HeldDecision {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Duration EVERY = Duration.ofMillis(200);

    private final LauncherCommand command;
    private final String verb;

    /** Following stops at the next pause: the run waits in the engine again. */
    private static final class PausedAgain extends RuntimeException {
        PausedAgain() {
            super(null, null, false, false);
        }
    }

    HeldDecision(LauncherCommand command, String verb) {
        this.command = command;
        this.verb = verb;
    }

    /**
     * Decides {@code calls} (every call that waits, when none is named) with {@code decision}.
     *
     * @return the exit code: the followed run's, {@link Launcher#USAGE} when a named call is not one
     *         of the session's
     */
    int decide(LauncherConfig config, SessionStore store, Session session, HeldRun held, List<String> calls,
               Function<String, CallDecision> decision, List<PendingCall> remembered) {
        PrintWriter out = command.out();
        PrintWriter err = command.err();
        String id = session.info().id();
        try (DurableEngine engine = Engines.connect(command.parent.home, config, held.engine())) {
            DurableEngine.Run run = engine.run(held.runId());
            List<PendingCall> waiting = run.waiting();
            List<String> recorded = PendingCalls.pending(session).stream().map(call -> call.call().id()).toList();
            List<String> chosen = calls.isEmpty() ? waiting.stream().map(call -> call.call().id()).toList() : calls;
            for (String call : chosen) {
                if (!recorded.contains(call) && waiting.stream().noneMatch(w -> w.call().id().equals(call))) {
                    err.println("agentloop " + verb + ": session " + id + " has no call '" + call + "' that waits for "
                            + "a decision; " + held.where() + ", and it waits for: " + (waiting.isEmpty() ? "none"
                            : String.join(", ", waiting.stream().map(w -> w.call().id()).toList())));
                    return Launcher.USAGE;
                }
            }
            List<String> decidedAlready = chosen.isEmpty() ? List.of()
                    : run.decide(chosen.stream().map(decision).toList());
            for (String call : chosen) {
                if (decidedAlready.contains(call)) {
                    out.println("Decided already: " + call + " (the first decision on a call is the one carried out; "
                            + "it runs at most once)");
                } else {
                    out.println(decision.apply(call).approved() ? "Approved " + call : "Denied " + call);
                    waiting.stream().filter(w -> w.call().id().equals(call)).forEach(remembered::add);
                }
            }
            if (chosen.isEmpty()) {
                out.println("No tool call of session " + id + " waits for a decision now; " + held.where() + ".");
            }
            out.flush();
            List<String> others = run.waiting().stream().map(w -> w.call().id()).filter(c -> !chosen.contains(c))
                    .toList();
            if (!others.isEmpty()) {
                err.println("agentloop " + verb + ": the run goes on once these calls are decided too: "
                        + String.join(", ", others) + " (see agentloop approvals)");
                return Launcher.AWAITING_APPROVAL;
            }
            return follow(config, store, id, run);
        }
    }

    /** Follows the run into the session until it ends or pauses again, unless another process follows it. */
    private int follow(LauncherConfig config, SessionStore store, String id, DurableEngine.Run run) {
        PrintWriter out = command.out();
        PrintWriter err = command.err();
        try (SessionWriter writer = store.open(id)) {
            Session current = store.load(id).orElseThrow(); // read under the lock
            HeldRun held = HeldRun.of(current).orElse(null);
            if (held == null) {
                out.println("The run's end is on the session's record already.");
                return Launcher.ANSWERED;
            }
            out.println("Following run " + held.runId() + " in " + held.engine() + " until it ends or waits again:");
            out.flush();
            SessionRecorder recorder = new SessionRecorder(writer, current.messages().size(),
                    current.checkpoints().size(), LauncherHooks.defaultRedactor());
            List<String> pausedOn = new ArrayList<>();
            try (RunView console = command.view(config)) {
                RunResult result;
                try {
                    result = HeldFollow.resuming(writer, held).follow(run, line -> {
                        var event = JSON.readTree(line);
                        EventJson.read(event).ifPresent(console::onEvent);
                        if (event.path("type").asString().equals("tool_call_pending")) {
                            pausedOn.add(event.path("name").asString() + " (call " + event.path("id").asString() + ")");
                            throw new PausedAgain();
                        }
                    }, recorder, EVERY);
                } catch (PausedAgain paused) {
                    err.println("agentloop: the run waits in " + held.engine() + " again, for a decision on "
                            + String.join(", ", pausedOn) + ": see agentloop approvals");
                    return Launcher.AWAITING_APPROVAL;
                }
                recorder.ended(result, LauncherBackend.DEFAULT_AGENT);
                console.summary(result);
                return RunCommand.exitCode(result);
            }
        } catch (SessionLockedException e) {
            out.println("The run goes on in the engine; the process that follows it keeps session " + id
                    + " (" + e.getMessage() + ").");
            return Launcher.ANSWERED;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Launcher.CANCELLED;
        }
    }
}
