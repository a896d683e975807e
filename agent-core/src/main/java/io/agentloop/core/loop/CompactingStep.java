package io.agentloop.core.loop;

import io.agentloop.api.AgentException;
import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.memory.CompactionRequest;
import io.agentloop.api.memory.CompactionStrategy;
import io.agentloop.api.message.Message;
import io.agentloop.api.run.AgentState;
import io.agentloop.core.registry.PluginCode;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * {@code COMPACTING}: shrinks the conversation with the configured strategy, aiming at half the
 * threshold, then plans again (without compacting twice in a row).
 */
final class CompactingStep implements Step {

    @Override
    public AgentState apply(Run run) {
        if (run.control.aborted()) {
            return run.completeStopped();
        }
        AgentState failed = compact(run, run.compaction.targetMessages(), run.compaction.targetTokens());
        if (failed != null) {
            return failed;
        }
        run.justCompacted(true);
        return AgentState.PLANNING;
    }

    /**
     * Compacts the run's conversation now with the configured strategy, towards these targets.
     *
     * @return the failed state when the strategy is missing or fails; null when it worked
     */
    static AgentState compact(Run run, int targetMessages, long targetTokens) {
        String name = run.compaction.strategy();
        CompactionStrategy strategy = run.settings.compactionStrategies().get(name);
        if (strategy == null) {
            return run.fail(new AgentException("no compaction strategy named '" + name + "'; available: "
                    + new TreeSet<>(run.settings.compactionStrategies().keySet())
                    + ". Set compaction.strategy to one of them."));
        }
        List<Message> before = run.messages();
        int beforeCount = before.size();
        List<Message> after;
        try {
            CompactionRequest request = new CompactionRequest(before, targetMessages, targetTokens,
                    run.settings.estimator(), Optional.of(run.settings.model()));
            after = PluginCode.call(strategy, () -> strategy.compact(request));
        } catch (RuntimeException e) {
            return run.fail(new AgentException("compaction strategy '" + name + "' failed: " + e, e));
        }
        if (after == null || after.isEmpty()) {
            return run.fail(new AgentException("compaction strategy '" + name + "' returned no messages"));
        }
        run.replaceMessages(after);
        run.events.publish(new AgentEvent.Compacted(beforeCount, after.size(), name));
        return null;
    }
}
