package io.agentloop.api.permission;

import java.util.List;
import java.util.Objects;

/**
 * A tool call that needs a person's approval.
 *
 * @param toolName   the tool
 * @param arguments  the call's arguments, JSON
 * @param reasons    why it needs approval, one line per access that asked (for example
 *                   {@code "bash: rm -rf build has no allow rule"})
 * @param rememberAs the rules that {@link Approval#ALLOW_ALWAYS} would add, as written in
 *                   configuration (for example {@code bash(rm -rf build)})
 */
public record ApprovalRequest(String toolName, String arguments, List<String> reasons, List<String> rememberAs) {
    public ApprovalRequest {
        Objects.requireNonNull(toolName, "toolName");
        Objects.requireNonNull(arguments, "arguments");
        reasons = List.copyOf(reasons);
        rememberAs = List.copyOf(rememberAs);
    }
}
