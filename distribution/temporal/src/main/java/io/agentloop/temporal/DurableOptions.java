package io.agentloop.temporal;

import java.time.Duration;
import java.util.Objects;

/**
 * How a run's steps are carried out on Temporal, beyond what the agent's own options say.
 *
 * @param heartbeat    how long a worker may go silent during a step before Temporal counts the step as
 *                     lost (a crashed worker) and retries it elsewhere under the step's policy; a worker
 *                     beats at a third of it. It also bounds how soon a cancelled step learns of it.
 * @param historyLimit how many events a run's workflow history may hold before the run continues as a
 *                     new workflow run at its next iteration ({@link ContinuingEffects}); sooner when
 *                     the service suggests it
 */
public record DurableOptions(Duration heartbeat, int historyLimit) {
    /** Well below the 10,240 events at which Temporal starts warning about a history's length. */
    public static final int DEFAULT_HISTORY_LIMIT = 4_000;
    public static final DurableOptions DEFAULTS = new DurableOptions(Duration.ofSeconds(30));

    public DurableOptions {
        Objects.requireNonNull(heartbeat, "heartbeat");
        if (heartbeat.compareTo(Duration.ofSeconds(1)) < 0) {
            throw new IllegalArgumentException("the heartbeat timeout must be at least 1 s, not " + heartbeat.toMillis()
                    + " ms: a worker beats at a third of it");
        }
        if (historyLimit < 10) {
            throw new IllegalArgumentException("the history limit must be at least 10 events, not " + historyLimit
                    + ": a run's first steps alone make about ten");
        }
    }

    /** With the default history limit. */
    public DurableOptions(Duration heartbeat) {
        this(heartbeat, DEFAULT_HISTORY_LIMIT);
    }
}
