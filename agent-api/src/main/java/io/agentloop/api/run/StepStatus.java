package io.agentloop.api.run;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * Where a plan step stands. The planner keeps these through its planning tool: a step is handed out
 * ({@link #IN_PROGRESS}) when the steps it depends on are {@link #COMPLETED}, and after each round the
 * planner marks it completed or {@link #BLOCKED} (it failed, or cannot be done as planned).
 */
public enum StepStatus {
    NOT_STARTED, IN_PROGRESS, COMPLETED, BLOCKED;

    /** The name the planner and {@code --json} use: {@code not_started}, {@code in_progress}... */
    public String wireName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /**
     * The status of this wire name.
     *
     * @throws IllegalArgumentException naming the statuses there are, when {@code name} is none of them
     */
    public static StepStatus of(String name) {
        return Arrays.stream(values()).filter(s -> s.wireName().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("there is no step status '" + name + "'; use one of "
                        + Arrays.stream(values()).map(StepStatus::wireName).collect(Collectors.joining(", "))));
    }
}
