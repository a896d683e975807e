package io.agentloop.api.tool;

import io.agentloop.api.AgentException;

/**
 * A path a tool may not use: outside the workspace, protected, or unresolvable. The message names
 * the path and the reason; tools turn it into a {@link ToolResult.Failure#DENIED} result.
 */
public final class PathDeniedException extends AgentException {
    private static final long serialVersionUID = 1L;

    private final String path;

    public PathDeniedException(String path, String reason) {
        super("'" + path + "' " + reason);
        this.path = path;
    }

    /** The path as it was asked for. */
    public String path() {
        return path;
    }

    /** This denial as a result for the model. */
    public ToolResult.Failure toResult() {
        return new ToolResult.Failure(ToolResult.Failure.DENIED, getMessage());
    }
}
