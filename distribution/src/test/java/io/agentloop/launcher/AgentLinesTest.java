package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.message.Usage;
import io.agentloop.api.run.AgentRegistry.Kind;
import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.RunResult;
import io.agentloop.core.run.AgentStates;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** A plan's agents as lines: started, compacted and ended, a sub-agent named after its step, the planner left out. */
class AgentLinesTest {

    /** Keeps the lines written. */
    private static final class Lines implements RunView {
        final List<String> written = new ArrayList<>();

        @Override
        public void costs(Function<Usage, Optional<String>> pricing) {
        }

        @Override
        public void summary(RunResult result) {
        }

        @Override
        public void line(String text) {
            written.add(text);
        }

        @Override
        public void onEvent(AgentEvent event) {
        }
    }

    @Test
    void stepsAndTheirSubAgentsAreShownAsTheyStartCompactAndEnd() {
        AgentStates states = new AgentStates(10, Clock.systemUTC());
        Lines console = new Lines();
        try (AgentStates.Watch ignored = states.watch(new AgentLines(console))) {
            states.register("p", "plan", Kind.RUN, "planner", Optional.empty());
            states.update("p", AgentState.PLANNING);
            states.register("a", "plan", Kind.PLAN_STEP, "s1", Optional.empty());
            for (AgentState state : List.of(AgentState.PLANNING, AgentState.EXECUTING, AgentState.OBSERVING,
                    AgentState.PLANNING, AgentState.EXECUTING)) {
                states.update("a", state);
            }
            states.register("h", "plan", Kind.SUB_AGENT, "helper", Optional.of("a"));
            states.update("h", AgentState.PLANNING);
            states.update("h", AgentState.COMPACTING);
            states.update("h", AgentState.FAILED);
            states.update("a", AgentState.OBSERVING);
            states.update("a", AgentState.COMPLETED);
        }
        states.register("late", "plan", Kind.PLAN_STEP, "s2", Optional.empty());
        states.update("late", AgentState.PLANNING);

        assertThat(console.written).containsExactly("[agent s1] running", "[agent helper of s1] running",
                "[agent helper of s1] compacting", "[agent helper of s1] failed", "[agent s1] completed");
    }
}
