package io.agentloop.core.compaction;

import io.agentloop.api.memory.CompactionRequest;
import io.agentloop.api.memory.CompactionStrategy;
import io.agentloop.api.message.Message;
import java.util.List;

/**
 * Keeps a window of the most recent turns: walks back from the newest turn and stops before the
 * turn that would overflow a target. System messages are kept; the latest turn always is. Unlike
 * {@link TruncateCompaction}, which removes as little as it can from the front, this keeps only
 * what fits counted from the back, so a burst of small old turns never survives a large new one.
 */
public final class SlidingWindowCompaction implements CompactionStrategy {

    @Override
    public String name() {
        return "sliding-window";
    }

    @Override
    public List<Message> compact(CompactionRequest request) {
        TurnGroups turns = TurnGroups.of(request.messages());
        int count = turns.system().size();
        long tokens = request.estimator().estimate(turns.system());
        int first = turns.groups().size();
        while (first > 0) {
            List<Message> group = turns.groups().get(first - 1);
            int nextCount = count + group.size();
            long nextTokens = tokens + request.estimator().estimate(group);
            boolean fits = (request.targetMessages() == 0 || nextCount <= request.targetMessages())
                    && (request.targetTokens() == 0 || nextTokens <= request.targetTokens());
            if (!fits && first < turns.groups().size()) {
                break;
            }
            count = nextCount;
            tokens = nextTokens;
            first--;
        }
        return turns.keepFrom(first);
    }
}
