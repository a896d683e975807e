package io.agentloop.server.backend;

import io.agentloop.core.output.OutputSchema;
import io.agentloop.core.permission.PermissionMode;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * One run a client asked for, checked: the profile exists, the mode is within the server's, the
 * workspace is a folder under the server's workspace root.
 *
 * @param runId the served run's id, which the agent runs it is made of carry too (in their events,
 *        their session and their report), so a client knows one id for it everywhere
 * @param agent the profile ({@link RunBackend#agents()})
 * @param task what to do; empty to go on with the session's paused run
 * @param session the session to continue; empty for a new one
 * @param mode the permission mode of the run
 * @param output the JSON Schema the answer must be valid under, if any
 * @param workspace the folder the run works in (exists)
 */
public record RunOrder(String runId, String agent, Optional<String> task, Optional<String> session, PermissionMode mode,
                       Optional<OutputSchema> output, Path workspace) {
    public RunOrder {
        Objects.requireNonNull(runId, "runId");
        Objects.requireNonNull(agent, "agent");
        Objects.requireNonNull(task, "task");
        Objects.requireNonNull(session, "session");
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(output, "output");
        Objects.requireNonNull(workspace, "workspace");
    }
}
