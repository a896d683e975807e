package io.agentloop.launcher;

import io.agentloop.api.run.CallProgress;
import io.agentloop.api.run.OpenTurn;
import io.agentloop.api.run.PendingCall;
import io.agentloop.api.session.Session;
import io.agentloop.api.session.SessionStore;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * The tool calls that wait for a person's decision, as the sessions' records hold them: what
 * {@code agentloop approvals} lists and {@code approve}/{@code deny} decide on. Arguments and
 * reasons are masked again on the way out, whatever the session file holds.
 */
final class PendingCalls {
    private PendingCalls() {
    }

    /**
     * One pending call of one session's open turn; with the engine that holds the session's run, if
     * one does, and the engine's own command that decides the call there, if it has one.
     */
    record Waiting(String session, PendingCall pending, Instant since, Optional<HeldRun> held,
                   Optional<String> manual) {
        Waiting(String session, PendingCall pending, Instant since) {
            this(session, pending, since, Optional.empty(), Optional.empty());
        }

        String callId() {
            return pending.call().id();
        }

        String tool() {
            return pending.call().name();
        }

        String arguments(UnaryOperator<String> mask) {
            return mask.apply(pending.call().arguments());
        }

        List<String> reasons(UnaryOperator<String> mask) {
            return pending.reasons().stream().map(mask).toList();
        }
    }

    /** Every undecided pending call of every session of the store, oldest session first. */
    static List<Waiting> in(SessionStore store) {
        List<Waiting> all = new ArrayList<>();
        store.list().reversed().forEach(info -> store.load(info.id()).ifPresent(session -> all.addAll(undecided(session))));
        return all;
    }

    /** The session's calls that wait and have no decision yet, in call order. */
    static List<Waiting> undecided(Session session) {
        return pending(session).stream().filter(call -> call.decision().isEmpty())
                .map(call -> waiting(session, call)).toList();
    }

    /** The calls of the session's open turn that wait for a decision, decided or not. */
    static List<CallProgress> pending(Session session) {
        return session.openTurn().map(OpenTurn::calls).orElse(List.of()).stream()
                .filter(call -> call.stage() == CallProgress.Stage.PENDING).toList();
    }

    static Waiting waiting(Session session, CallProgress call) {
        return new Waiting(session.info().id(), call.pending().orElseThrow(), call.at());
    }

    /** "just now", "3 min ago", "2 h ago", "4 days ago". */
    static String age(Instant since, Instant now) {
        Duration age = Duration.between(since, now);
        if (age.toMinutes() < 1) {
            return "just now";
        }
        if (age.toHours() < 1) {
            return age.toMinutes() + " min ago";
        }
        if (age.toDays() < 1) {
            return age.toHours() + " h ago";
        }
        return String.format(Locale.ROOT, "%d day%s ago", age.toDays(), age.toDays() == 1 ? "" : "s");
    }
}
