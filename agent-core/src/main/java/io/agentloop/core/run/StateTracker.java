package io.agentloop.core.run;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.LoopState;
import io.agentloop.core.time.Timekeeper;
import java.time.Duration;
import java.util.function.BiPredicate;

/**
 * The one place a state machine's state changes. Checks each move against the machine's
 * transition table, throws on an illegal one (a bug), publishes {@code StateChanged} with the
 * time spent in the state being left, and records the outer machine's moves in the process's
 * {@link AgentStates}. Used by both machines; owned by one thread.
 *
 * @param <S> the machine's state enum
 */
public final class StateTracker<S extends LoopState> {
    private final BiPredicate<S, S> table;
    private final EventPublisher events;
    private final Timekeeper time;
    private S state;
    private long enteredAt;

    public StateTracker(S initial, BiPredicate<S, S> table, EventPublisher events, Timekeeper time) {
        this(initial, Duration.ZERO, table, events, time);
    }

    /**
     * A machine taken over in {@code current}, where it has already spent {@code spent}: the inner
     * machine, which the model call leaves in {@code STREAMING} and the loop carries on.
     */
    public StateTracker(S current, Duration spent, BiPredicate<S, S> table, EventPublisher events, Timekeeper time) {
        this.state = current;
        this.table = table;
        this.events = events;
        this.time = time;
        this.enteredAt = time.nanoTime() - spent.toNanos();
    }

    public S state() {
        return state;
    }

    /** How long the machine has been in its state. */
    public Duration inState() {
        return Duration.ofNanos(time.nanoTime() - enteredAt);
    }

    /** Moves to {@code next}; throws {@link IllegalStateException} if the table forbids it. */
    public void move(S next) {
        if (!table.test(state, next)) {
            throw new IllegalStateException("illegal transition " + state + " -> " + next);
        }
        long now = time.nanoTime();
        S from = state;
        state = next;
        long spent = now - enteredAt;
        enteredAt = now;
        if (next instanceof AgentState outer) {
            AgentStates.process().update(events.runId(), outer);
        }
        if (events.active()) {
            events.publish(new AgentEvent.StateChanged(from, next, Duration.ofNanos(spent)));
        }
    }
}
