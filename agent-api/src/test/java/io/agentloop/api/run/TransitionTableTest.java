package io.agentloop.api.run;

import static io.agentloop.api.run.AgentState.COMPACTING;
import static io.agentloop.api.run.AgentState.COMPLETED;
import static io.agentloop.api.run.AgentState.PLANNING;
import static io.agentloop.api.run.AgentState.FAILED;
import static io.agentloop.api.run.AgentState.INIT;
import static io.agentloop.api.run.AgentState.OBSERVING;
import static io.agentloop.api.run.AgentState.EXECUTING;
import static io.agentloop.api.run.CallState.CALLING;
import static io.agentloop.api.run.CallState.ERROR;
import static io.agentloop.api.run.CallState.IDLE;
import static io.agentloop.api.run.CallState.RETRYING;
import static io.agentloop.api.run.CallState.STREAMING;
import static io.agentloop.api.run.CallState.SUCCESS;
import static io.agentloop.api.run.CallState.TOOL_EXECUTING;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The two machines' transition tables, written out by hand from the design's two diagrams (the
 * outer ReAct loop and the inner process): a changed edge shows up here in review.
 */
class TransitionTableTest {

    @Test
    void agentStateTableIsExactlyThis() {
        Map<AgentState, Set<AgentState>> expected = new EnumMap<>(AgentState.class);
        expected.put(INIT, EnumSet.of(PLANNING, FAILED));
        expected.put(PLANNING, EnumSet.of(EXECUTING, COMPACTING, COMPLETED, FAILED));
        expected.put(EXECUTING, EnumSet.of(OBSERVING, FAILED));
        expected.put(OBSERVING, EnumSet.of(PLANNING, COMPACTING, COMPLETED, FAILED));
        expected.put(COMPACTING, EnumSet.of(PLANNING, FAILED));
        expected.put(COMPLETED, EnumSet.noneOf(AgentState.class));
        expected.put(FAILED, EnumSet.noneOf(AgentState.class));

        Map<AgentState, Set<AgentState>> actual = new EnumMap<>(AgentState.class);
        for (AgentState state : AgentState.values()) {
            actual.put(state, state.successors());
        }
        assertThat(actual).isEqualTo(expected);
    }

    @Test
    void callStateTableIsExactlyThis() {
        Map<CallState, Set<CallState>> expected = new EnumMap<>(CallState.class);
        expected.put(IDLE, EnumSet.of(CALLING, ERROR));
        expected.put(CALLING, EnumSet.of(STREAMING, RETRYING, ERROR));
        expected.put(STREAMING, EnumSet.of(TOOL_EXECUTING, SUCCESS, RETRYING, ERROR));
        expected.put(TOOL_EXECUTING, EnumSet.of(SUCCESS));
        expected.put(RETRYING, EnumSet.of(CALLING, ERROR));
        expected.put(SUCCESS, EnumSet.noneOf(CallState.class));
        expected.put(ERROR, EnumSet.noneOf(CallState.class));

        Map<CallState, Set<CallState>> actual = new EnumMap<>(CallState.class);
        for (CallState state : CallState.values()) {
            actual.put(state, state.successors());
        }
        assertThat(actual).isEqualTo(expected);
    }

    @Test
    void statesOfTheReleaseBeforeReadAsTheirNewNames() {
        assertThat(AgentState.named("DECIDING")).isEqualTo(PLANNING);
        assertThat(AgentState.named("REASONING")).isEqualTo(EXECUTING);
        assertThat(AgentState.named("ACTING")).isEqualTo(EXECUTING);
        for (AgentState state : AgentState.values()) {
            assertThat(AgentState.named(state.name())).isEqualTo(state);
        }
    }

    @Test
    void terminalStatesAreExactlyThoseWithoutSuccessors() {
        for (AgentState state : AgentState.values()) {
            assertThat(state.isTerminal()).as(state.name()).isEqualTo(state.successors().isEmpty());
        }
        for (CallState state : CallState.values()) {
            assertThat(state.isTerminal()).as(state.name()).isEqualTo(state.successors().isEmpty());
        }
    }
}
