package io.agentloop.core.compaction;

import io.agentloop.api.memory.CompactionRequest;
import io.agentloop.api.message.Message;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Importance-based retention (seed 000, "智能压缩": keep by importance rather than cut blindly),
 * shared by every built-in strategy: what is kept first is the system prompt, the pinned messages
 * (the task), the latest turn, then the turns that hold a tool's error (the model must not repeat
 * the mistake), and only then the other turns, newest first. A strategy chooses how far down this
 * order it goes; the first three are always kept, even above the targets.
 */
final class Retention {
    private final TurnGroups turns;
    private final CompactionRequest request;

    Retention(TurnGroups turns, CompactionRequest request) {
        this.turns = turns;
        this.request = request;
    }

    /** The groups kept whatever the targets: the pinned ones and the latest. */
    SortedSet<Integer> required() {
        SortedSet<Integer> kept = new TreeSet<>();
        for (int i = 0; i < turns.groups().size(); i++) {
            if (turns.pinned(i, request)) {
                kept.add(i);
            }
        }
        if (!turns.groups().isEmpty()) {
            kept.add(turns.groups().size() - 1);
        }
        return kept;
    }

    /** The other groups from the most important: with a tool's error first, newest first within each. */
    List<Integer> optional() {
        SortedSet<Integer> required = required();
        List<Integer> failed = new ArrayList<>();
        List<Integer> ordinary = new ArrayList<>();
        for (int i = turns.groups().size() - 1; i >= 0; i--) {
            if (!required.contains(i)) {
                (turns.failed(i) ? failed : ordinary).add(i);
            }
        }
        failed.addAll(ordinary);
        return failed;
    }

    /**
     * Keeps groups in the order of importance while they fit the budgets (0: none), stopping at
     * the first that does not within each class (errors, then the rest), so the ordinary turns kept
     * are the newest ones without a gap.
     */
    SortedSet<Integer> keepWithin(int messageBudget, long tokenBudget) {
        SortedSet<Integer> kept = required();
        int count = turns.system().size();
        long tokens = request.estimator().estimate(turns.system());
        for (int i : kept) {
            count += turns.groups().get(i).size();
            tokens += request.estimator().estimate(turns.groups().get(i));
        }
        boolean inErrors = true;
        boolean full = false;
        for (int i : optional()) {
            if (inErrors && !turns.failed(i)) {
                inErrors = false;
                full = false; // the newest ordinary turns get their own chance
            }
            if (full) {
                continue;
            }
            List<Message> group = turns.groups().get(i);
            int nextCount = count + group.size();
            long nextTokens = tokens + request.estimator().estimate(group);
            if ((messageBudget > 0 && nextCount > messageBudget) || (tokenBudget > 0 && nextTokens > tokenBudget)) {
                full = true;
                continue;
            }
            count = nextCount;
            tokens = nextTokens;
            kept.add(i);
        }
        return kept;
    }

    /**
     * Drops groups from the least important (the oldest ordinary turn first, then the oldest turn
     * with an error) until the whole fits the targets; what is left.
     */
    SortedSet<Integer> dropUntilFits() {
        SortedSet<Integer> kept = new TreeSet<>();
        for (int i = 0; i < turns.groups().size(); i++) {
            kept.add(i);
        }
        int count = request.messages().size();
        long tokens = request.estimator().estimate(request.messages());
        for (int i : optional().reversed()) {
            if (!over(count, tokens)) {
                break;
            }
            List<Message> group = turns.groups().get(i);
            count -= group.size();
            tokens -= request.estimator().estimate(group);
            kept.remove(i);
        }
        return kept;
    }

    private boolean over(int count, long tokens) {
        return (request.targetMessages() > 0 && count > request.targetMessages())
                || (request.targetTokens() > 0 && tokens > request.targetTokens());
    }
}
