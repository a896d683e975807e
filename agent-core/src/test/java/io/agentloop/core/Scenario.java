package io.agentloop.core;

import io.agentloop.api.run.RunOptions;
import io.agentloop.core.time.ManualTimekeeper;
import io.agentloop.testkit.RecordingListener;
import io.agentloop.testkit.ScriptedChatModel;
import java.util.ArrayList;
import java.util.List;

/** Shared set-up of the scenario tests: manual time, recorded events, jitter pinned to zero. */
final class Scenario {
    final ManualTimekeeper time = new ManualTimekeeper();
    final RecordingListener events = new RecordingListener();

    Agent.Builder agent(ScriptedChatModel model) {
        return Agent.builder().model(model).timekeeper(time).random(() -> 0.5).listeners(events)
                .options(RunOptions.DEFAULTS);
    }

    /** Builds an expected sequence of state changes, one iteration at a time. */
    static final class Expected {
        private final List<String> steps = new ArrayList<>(List.of("INIT>PLANNING"));

        private static final List<String> TOOL_TURN = List.of("PLANNING>EXECUTING", "IDLE>CALLING",
                "CALLING>STREAMING", "STREAMING>TOOL_EXECUTING", "TOOL_EXECUTING>SUCCESS", "EXECUTING>OBSERVING");

        /** An iteration whose model call asked for tools, then the loop decides to go on. */
        Expected toolIteration() {
            return then(TOOL_TURN).then("OBSERVING>PLANNING");
        }

        /** Like {@link #toolIteration()}, but the decision is to compact first. */
        Expected toolIterationThenCompaction() {
            return then(TOOL_TURN).then("OBSERVING>COMPACTING", "COMPACTING>PLANNING");
        }

        /** A tool iteration after which the decision ends the run (stuck). */
        Expected lastToolIteration() {
            return then(TOOL_TURN).then("OBSERVING>COMPLETED");
        }

        /** The final iteration: the model answers and the run completes. */
        Expected answer() {
            steps.addAll(List.of("PLANNING>EXECUTING", "IDLE>CALLING", "CALLING>STREAMING", "STREAMING>SUCCESS",
                    "EXECUTING>OBSERVING", "OBSERVING>COMPLETED"));
            return this;
        }

        Expected then(String... more) {
            return then(List.of(more));
        }

        private Expected then(List<String> more) {
            steps.addAll(more);
            return this;
        }

        List<String> steps() {
            return List.copyOf(steps);
        }
    }

    static Expected expect() {
        return new Expected();
    }
}
