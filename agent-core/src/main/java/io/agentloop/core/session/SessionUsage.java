package io.agentloop.core.session;

import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.Usage;
import io.agentloop.api.session.Checkpoint;
import io.agentloop.api.session.Session;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The tokens of a session, each model call counted once, however its runs paused, stopped and went
 * on. A run that goes on after a pause or a stopped process is the same run: its checkpoint holds
 * the whole run's tokens and names the checkpoint of the pause it continues ({@link #CONTINUES}),
 * which then no longer counts; a run whose process stopped before its checkpoint left only its model
 * turns on record, each with its call's tokens, and those count until a run that goes on takes them
 * in ({@link #carried}).
 */
public final class SessionUsage {
    /** The key of a run's checkpoint that names the checkpoint of the pause the run went on from. */
    public static final String CONTINUES = "continues";

    private SessionUsage() {
    }

    /** The runs' checkpoints that count, in order: every run's, but a pause some later run went on from. */
    public static List<Checkpoint> counted(Session session) {
        Set<String> continued = new HashSet<>();
        session.checkpoints().forEach(c -> Optional.ofNullable(c.checkpoint().data().get(CONTINUES))
                .ifPresent(continued::add));
        return session.checkpoints().stream().map(Session.Restorable::checkpoint)
                .filter(c -> RunSummary.isRun(c.name()) && !continued.contains(c.name())).toList();
    }

    /** Every model call's tokens in the session: the counted runs', and those of a run that stopped unsaved. */
    public static Usage total(Session session) {
        return counted(session).stream().map(Checkpoint::usage).reduce(Usage.ZERO, Usage::plus).plus(unsaved(session));
    }

    /**
     * The tokens a run that goes on from the session carries: a paused run's (its checkpoint is the
     * last run's), and what a run whose process stopped spent on record since.
     */
    public static Usage carried(Session session) {
        return paused(session).map(Checkpoint::usage).orElse(Usage.ZERO).plus(unsaved(session));
    }

    /**
     * The checkpoint of the pause a run going on from the session continues: the last run's, when
     * that run paused (and whatever went on from it since stopped before its own checkpoint).
     */
    public static Optional<Checkpoint> paused(Session session) {
        return lastRun(session).map(Session.Restorable::checkpoint).filter(SessionUsage::isPause);
    }

    private static boolean isPause(Checkpoint checkpoint) {
        return checkpoint.state().endsWith("AWAITING_APPROVAL");
    }

    /**
     * The model turns on record after the last run's checkpoint, but the turn a paused run stopped in
     * (its checkpoint has its tokens): those of a run that stopped before its own checkpoint.
     */
    static Usage unsaved(Session session) {
        Optional<Session.Restorable> last = lastRun(session);
        List<Message> messages = session.messages();
        int from = last.map(r -> Math.min(r.messages().size(), messages.size())).orElse(0);
        List<Usage> turns = new ArrayList<>(messages.subList(from, messages.size()).stream()
                .filter(AssistantMessage.class::isInstance).map(m -> ((AssistantMessage) m).usage()).toList());
        session.openTurn().ifPresent(open -> turns.add(open.turn().usage()));
        if (last.isPresent() && isPause(last.get().checkpoint()) && !turns.isEmpty()) {
            turns.removeFirst(); // the paused turn: the first after the pause's conversation
        }
        return turns.stream().reduce(Usage.ZERO, Usage::plus);
    }

    private static Optional<Session.Restorable> lastRun(Session session) {
        List<Session.Restorable> checkpoints = session.checkpoints();
        for (int i = checkpoints.size() - 1; i >= 0; i--) {
            if (RunSummary.isRun(checkpoints.get(i).checkpoint().name())) {
                return Optional.of(checkpoints.get(i));
            }
        }
        return Optional.empty();
    }
}
