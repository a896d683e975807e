package io.agentloop.temporal;

import java.time.Duration;
import java.util.Objects;

/**
 * How a run's steps are carried out on Temporal, beyond what the agent's own options say.
 *
 * @param heartbeat how long a worker may go silent during a step before Temporal counts the step as
 *                  lost (a crashed worker) and retries it elsewhere under the step's policy; a worker
 *                  beats at a third of it. It also bounds how soon a cancelled step learns of it.
 */
public record DurableOptions(Duration heartbeat) {
    public static final DurableOptions DEFAULTS = new DurableOptions(Duration.ofSeconds(30));

    public DurableOptions {
        Objects.requireNonNull(heartbeat, "heartbeat");
        if (heartbeat.compareTo(Duration.ofSeconds(1)) < 0) {
            throw new IllegalArgumentException("the heartbeat timeout must be at least 1 s, not " + heartbeat.toMillis()
                    + " ms: a worker beats at a third of it");
        }
    }
}
