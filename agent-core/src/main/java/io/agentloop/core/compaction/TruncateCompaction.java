package io.agentloop.core.compaction;

import io.agentloop.api.memory.CompactionRequest;
import io.agentloop.api.memory.CompactionStrategy;
import io.agentloop.api.message.Message;
import java.util.List;

/**
 * Drops the oldest turns, whole, until the conversation fits both targets. Keeps system messages
 * and always the latest turn, so the result can stay above target when one turn is that large.
 */
public final class TruncateCompaction implements CompactionStrategy {

    @Override
    public String name() {
        return "truncate";
    }

    @Override
    public List<Message> compact(CompactionRequest request) {
        TurnGroups turns = TurnGroups.of(request.messages());
        int count = request.messages().size();
        long tokens = request.estimator().estimate(request.messages());
        int first = 0;
        int last = turns.groups().size() - 1;
        while (first < last && over(request, count, tokens)) {
            List<Message> dropped = turns.groups().get(first++);
            count -= dropped.size();
            tokens -= request.estimator().estimate(dropped);
        }
        return turns.keepFrom(first);
    }

    private static boolean over(CompactionRequest request, int count, long tokens) {
        return (request.targetMessages() > 0 && count > request.targetMessages())
                || (request.targetTokens() > 0 && tokens > request.targetTokens());
    }
}
