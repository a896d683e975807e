package io.agentloop.core.tool;

import io.agentloop.api.message.Usage;
import io.agentloop.core.hook.Hooks;
import io.agentloop.core.run.EventPublisher;
import io.agentloop.core.run.RunControl;
import io.agentloop.core.run.RunJournal;
import io.agentloop.core.workspace.ExecutableConfigChanges;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The run a turn's tool calls belong to.
 *
 * @param usage  where tokens a tool spent on model calls of its own go (a sub-agent's run)
 * @param pauses whether a call no one can approve pauses the run (it is then {@link CallOutcome.Pending});
 *               otherwise it is denied
 * @param executableConfig where the calls note the files other programs run that they changed
 */
public record CallScope(String runId, Hooks.Chains hooks, EventPublisher events, RunControl control,
                        RunJournal journal, Consumer<Usage> usage, boolean pauses,
                        ExecutableConfigChanges executableConfig) {
    public CallScope {
        Objects.requireNonNull(runId, "runId");
        Objects.requireNonNull(hooks, "hooks");
        Objects.requireNonNull(events, "events");
        Objects.requireNonNull(control, "control");
        Objects.requireNonNull(journal, "journal");
        Objects.requireNonNull(usage, "usage");
        Objects.requireNonNull(executableConfig, "executableConfig");
    }
}
