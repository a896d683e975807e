package io.agentloop.core.compaction;

import io.agentloop.api.memory.CompactionRequest;
import io.agentloop.api.memory.CompactionStrategy;
import io.agentloop.api.message.Message;
import java.util.List;

/**
 * Keeps a window of the most recent turns: walks back from the newest turn and stops before the
 * turn that would overflow a target. Before the window come what {@link Retention} keeps first:
 * system messages, the pinned task, the latest turn, and the turns with a tool's error that fit.
 * Unlike {@link TruncateCompaction}, which removes as little as it can from the front, this keeps
 * only what fits counted from the back, so a burst of small old turns never survives a large new
 * one.
 */
public final class SlidingWindowCompaction implements CompactionStrategy {

    @Override
    public String name() {
        return "sliding-window";
    }

    @Override
    public List<Message> compact(CompactionRequest request) {
        TurnGroups turns = TurnGroups.of(request.messages());
        return turns.keep(new Retention(turns, request).keepWithin(request.targetMessages(), request.targetTokens()));
    }
}
