package io.agentloop.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.run.AgentRegistry.Entry;
import io.agentloop.api.run.AgentRegistry.Kind;
import io.agentloop.api.run.AgentState;
import java.time.Clock;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Running agents first, a session settles when all of its agents end, and only the last finished are kept. */
class AgentStatesTest {

    @Test
    void keepsOnlyTheLastFinishedRunsAndSettlesASessionWhenAllOfItsAgentsEnd() {
        AgentStates states = new AgentStates(2, Clock.systemUTC());
        for (String id : new String[] {"r1", "r2", "r3", "live"}) {
            states.register(id, "s", Kind.RUN, id, Optional.empty());
        }
        states.update("r1", AgentState.COMPLETED);
        states.update("r2", AgentState.FAILED);
        states.update("live", AgentState.PLANNING);
        assertThat(states.settled("s")).isFalse();
        states.update("r3", AgentState.COMPLETED);

        assertThat(states.agents()).extracting(Entry::runId).containsExactly("live", "r2", "r3");
        states.update("live", AgentState.FAILED);
        assertThat(states.settled("s")).isTrue();
        assertThat(states.agents()).extracting(Entry::runId).containsExactly("r3", "live");
        states.update("unknown", AgentState.PLANNING);
        assertThat(states.agents()).hasSize(2);
    }

    @Test
    void aWatcherSeesEachChangeUntilItsWatchIsClosed() {
        AgentStates states = new AgentStates(5, Clock.systemUTC());
        java.util.List<String> seen = new java.util.ArrayList<>();
        AgentStates.Watch watch = states.watch(e -> seen.add(e.runId() + " " + e.state()));
        states.register("r", "r", Kind.RUN, "agent", Optional.empty());
        states.update("r", AgentState.PLANNING);
        states.update("r", AgentState.PLANNING);
        watch.close();
        states.update("r", AgentState.COMPLETED);

        assertThat(seen).containsExactly("r INIT", "r PLANNING");
        assertThat(states.agents()).singleElement().satisfies(e -> assertThat(e.state()).isEqualTo(AgentState.COMPLETED));
    }
}
