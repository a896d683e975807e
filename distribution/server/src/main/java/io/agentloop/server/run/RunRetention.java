package io.agentloop.server.run;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Which finished runs the server forgets under its retention ({@code server.retention}): those that
 * ended longer ago than its age, then the oldest beyond its count. A run going on or waiting is never
 * among them.
 */
final class RunRetention {
    private final Duration age;
    private final int count;

    RunRetention(Duration age, int count) {
        this.age = age;
        this.count = count;
    }

    /**
     * Forgets the finished runs of {@code runs} the retention no longer keeps at {@code now}: their
     * entries, their records and events. Never {@code ending}, the run whose end is being recorded
     * (it is the newest to finish). One at a time: two runs ending together see each other's pruning.
     */
    synchronized void prune(Map<String, ServedRun> runs, RunRecords records, ServedRun ending, Instant now) {
        for (ServedRun run : forgotten(runs.values(), now)) {
            if (run != ending) {
                runs.remove(run.id(), run);
                records.delete(run);
            }
        }
    }

    /** The finished runs of {@code runs} to forget at {@code now}. */
    List<ServedRun> forgotten(Collection<ServedRun> runs, Instant now) {
        Instant oldest = now.minus(age);
        List<ServedRun> finished = runs.stream().filter(run -> run.status().ended())
                .sorted(Comparator.comparing(ServedRun::updated).reversed().thenComparing(ServedRun::id)).toList();
        List<ServedRun> forgotten = new ArrayList<>();
        for (int i = 0; i < finished.size(); i++) {
            ServedRun run = finished.get(i);
            if (i >= count || run.updated().isBefore(oldest)) {
                forgotten.add(run);
            }
        }
        return forgotten;
    }
}
