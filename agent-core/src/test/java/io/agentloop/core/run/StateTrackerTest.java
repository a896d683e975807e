package io.agentloop.core.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.CallState;
import io.agentloop.core.time.ManualTimekeeper;
import io.agentloop.testkit.RecordingListener;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class StateTrackerTest {
    private final ManualTimekeeper time = new ManualTimekeeper();
    private final RecordingListener events = new RecordingListener();

    @Test
    void anIllegalTransitionThrowsAndChangesNothing() {
        StateTracker<AgentState> tracker = new StateTracker<>(AgentState.OBSERVING, AgentState::canMoveTo,
                new EventPublisher("agent-1", "run-1", List.of(events)), time);

        assertThatThrownBy(() -> tracker.move(AgentState.EXECUTING))
                .isInstanceOf(IllegalStateException.class).hasMessage("illegal transition OBSERVING -> EXECUTING");
        assertThat(tracker.state()).isEqualTo(AgentState.OBSERVING);
        assertThat(events.events()).isEmpty();
    }

    /** Every move the table does not list throws, in both machines; every listed one is made. */
    @Test
    void everyEdgeOutsideTheTablesThrows() {
        EventPublisher publisher = new EventPublisher("agent-1", "run-1", List.of(events));
        int refused = 0;
        for (AgentState from : AgentState.values()) {
            for (AgentState to : AgentState.values()) {
                StateTracker<AgentState> tracker = new StateTracker<>(from, AgentState::canMoveTo, publisher, time);
                if (from.successors().contains(to)) {
                    tracker.move(to);
                    assertThat(tracker.state()).isEqualTo(to);
                } else {
                    assertThatThrownBy(() -> tracker.move(to)).isInstanceOf(IllegalStateException.class)
                            .hasMessage("illegal transition " + from + " -> " + to);
                    refused++;
                }
            }
        }
        for (CallState from : CallState.values()) {
            for (CallState to : CallState.values()) {
                StateTracker<CallState> tracker = new StateTracker<>(from, CallState::canMoveTo, publisher, time);
                if (from.successors().contains(to)) {
                    tracker.move(to);
                    assertThat(tracker.state()).isEqualTo(to);
                } else {
                    assertThatThrownBy(() -> tracker.move(to)).isInstanceOf(IllegalStateException.class)
                            .hasMessage("illegal transition " + from + " -> " + to);
                    refused++;
                }
            }
        }
        // 49 pairs less the 14 listed edges of the outer machine, less the 12 of the inner
        assertThat(refused).isEqualTo(35 + 37);
    }

    @Test
    void aTerminalStateHasNoWayOut() {
        StateTracker<CallState> tracker = new StateTracker<>(CallState.SUCCESS, CallState::canMoveTo,
                new EventPublisher("agent-1", "run-1", List.of(events)), time);
        assertThatThrownBy(() -> tracker.move(CallState.CALLING)).hasMessage("illegal transition SUCCESS -> CALLING");
    }

    @Test
    void eachMoveReportsTheTimeSpentInTheStateItLeaves() {
        StateTracker<CallState> tracker = new StateTracker<>(CallState.IDLE, CallState::canMoveTo,
                new EventPublisher("agent-1", "run-1", List.of(events)), time);
        time.advance(Duration.ofMillis(5));
        tracker.move(CallState.CALLING);
        time.advance(Duration.ofMillis(250));
        tracker.move(CallState.STREAMING);

        assertThat(events.ofType(AgentEvent.StateChanged.class)).containsExactly(
                new AgentEvent.StateChanged(CallState.IDLE, CallState.CALLING, Duration.ofMillis(5)),
                new AgentEvent.StateChanged(CallState.CALLING, CallState.STREAMING, Duration.ofMillis(250)));
    }
}
