package io.agentloop.core;

import io.agentloop.api.run.RunOptions;
import io.agentloop.core.time.ManualTimekeeper;
import io.agentloop.testkit.RecordingListener;
import io.agentloop.testkit.ScriptedChatModel;

/** Shared set-up of the scenario tests: manual time, recorded events, jitter pinned to zero. */
final class Scenario {
    final ManualTimekeeper time = new ManualTimekeeper();
    final RecordingListener events = new RecordingListener();

    Agent.Builder agent(ScriptedChatModel model) {
        return Agent.builder().model(model).timekeeper(time).random(() -> 0.5).listeners(events)
                .options(RunOptions.DEFAULTS);
    }

    static final String START = "INIT>PLANNING";
}
