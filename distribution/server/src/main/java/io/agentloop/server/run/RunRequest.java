package io.agentloop.server.run;

import io.agentloop.core.output.OutputSchema;
import io.agentloop.core.permission.PermissionMode;
import io.agentloop.server.backend.RequestException;
import java.util.Optional;

/**
 * A run a client asks for, as read from its request and not yet checked against the server's
 * configuration.
 *
 * @param caller who asks: the run is theirs, and a session it continues must be one they see
 * @param task what to do
 * @param agent the profile; the server's first when empty
 * @param session a session to continue
 * @param mode a mode narrower than the server's
 * @param output the JSON Schema of the answer
 * @param workspace a folder name under the workspace root
 */
public record RunRequest(Caller caller, String task, Optional<String> agent, Optional<String> session,
                         Optional<PermissionMode> mode, Optional<OutputSchema> output, Optional<String> workspace) {

    /** A request of an administrator known as {@code owner}, who sees every session. */
    public RunRequest(String owner, String task, Optional<String> agent, Optional<String> session,
                      Optional<PermissionMode> mode, Optional<OutputSchema> output, Optional<String> workspace) {
        this(new Caller(owner, true), task, agent, session, mode, output, workspace);
    }

    /**
     * The mode the run asks for, the server's {@code widest} when it asks for none.
     *
     * @throws RequestException 400 when it asks for a wider one, naming those it may ask for
     */
    PermissionMode modeWithin(PermissionMode widest) {
        try {
            return mode.orElse(widest).within(widest, "the server allows");
        } catch (IllegalArgumentException e) {
            throw RequestException.badRequest(e.getMessage());
        }
    }

    /** The name the run belongs to. */
    public String owner() {
        return caller.name();
    }
}
