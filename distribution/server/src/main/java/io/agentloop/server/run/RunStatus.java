package io.agentloop.server.run;

import java.util.Locale;

/**
 * Where a served run is. A served run is one task's whole life: its first agent run, and each run
 * that goes on after a pause for approval.
 *
 * <pre>
 *   RUNNING ⇄ WAITING          (a call waits for a person; every call decided: runs again)
 *   RUNNING → COMPLETED | FAILED | CANCELLED
 *   WAITING → CANCELLED
 *   RUNNING → INTERRUPTED      (the server stopped under it; its session holds where it was)
 * </pre>
 */
public enum RunStatus {
    RUNNING, WAITING, COMPLETED, FAILED, CANCELLED, INTERRUPTED;

    /** No event follows: the run's stream ends. */
    public boolean ended() {
        return this != RUNNING && this != WAITING;
    }

    /** As the API writes it. */
    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Reads a state as the API writes it.
     *
     * @throws IllegalArgumentException naming the states
     */
    public static RunStatus parse(String text) {
        for (RunStatus status : values()) {
            if (status.toString().equals(text.strip().toLowerCase(Locale.ROOT))) {
                return status;
            }
        }
        throw new IllegalArgumentException("'" + text + "' is not a run state: use running, waiting, completed, "
                + "failed, cancelled or interrupted");
    }
}
