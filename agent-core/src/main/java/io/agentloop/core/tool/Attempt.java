package io.agentloop.core.tool;

import io.agentloop.api.tool.ToolResult;
import java.util.Optional;

/**
 * One pass of a call through the acting chain. Holds the permission denial, if any: the result of
 * a denied call is the denial, whatever the hooks around it return, so no hook can turn a deny
 * into an allow.
 */
final class Attempt {
    private volatile ToolResult.Failure denial;

    void deny(ToolResult.Failure failure) {
        denial = failure;
    }

    /** The denial if the call was denied, otherwise what the chain returned. */
    ToolResult settle(ToolResult chainResult) {
        ToolResult.Failure d = denial;
        return d != null ? d : chainResult;
    }

    Optional<ToolResult.Failure> denial() {
        return Optional.ofNullable(denial);
    }
}
