package io.agentloop.core.tool;

import io.agentloop.api.tool.Workspace;
import io.agentloop.core.permission.PermissionGate;
import io.agentloop.core.time.Timekeeper;
import java.time.Duration;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * How one agent runs tool calls, the same for all its runs.
 *
 * @param secretMask applied to every result before anyone sees it
 * @param parallel   whether concurrency-safe calls of a turn run at the same time
 * @param timeout    how long one call may take (a person's approval not counted)
 */
public record ToolSettings(ToolSet tools, PermissionGate permissions, Workspace workspace,
                           UnaryOperator<String> secretMask, Timekeeper time, boolean parallel, Duration timeout) {
    public ToolSettings {
        Objects.requireNonNull(tools, "tools");
        Objects.requireNonNull(permissions, "permissions");
        Objects.requireNonNull(workspace, "workspace");
        Objects.requireNonNull(secretMask, "secretMask");
        Objects.requireNonNull(time, "time");
        Objects.requireNonNull(timeout, "timeout");
    }
}
