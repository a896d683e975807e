package io.agentloop.core.compaction;

import io.agentloop.api.memory.CompactionRequest;
import io.agentloop.api.memory.CompactionStrategy;
import io.agentloop.api.message.Message;
import java.util.List;

/**
 * Drops turns, whole, until the conversation fits both targets: the oldest ordinary turns first,
 * then the oldest turns that hold a tool's error ({@link Retention}). Keeps system messages, the
 * pinned task and always the latest turn, so the result can stay above target when those are that
 * large.
 */
public final class TruncateCompaction implements CompactionStrategy {

    @Override
    public String name() {
        return "truncate";
    }

    @Override
    public List<Message> compact(CompactionRequest request) {
        TurnGroups turns = TurnGroups.of(request.messages());
        return turns.keep(new Retention(turns, request).dropUntilFits());
    }
}
