package io.agentloop.server.run;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

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
