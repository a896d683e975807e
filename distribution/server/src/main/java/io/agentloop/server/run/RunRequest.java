package io.agentloop.server.run;

import io.agentloop.core.output.OutputSchema;
import io.agentloop.core.permission.PermissionMode;
import java.util.Optional;

/**
 * A run a client asks for, as read from its request and not yet checked against the server's
 * configuration.
 *
 * @param owner who asks: a digest of the caller's token
 * @param task what to do
 * @param agent the profile; the server's first when empty
 * @param session a session to continue
 * @param mode a mode narrower than the server's
 * @param output the JSON Schema of the answer
 * @param workspace a folder name under the workspace root
 */
public record RunRequest(String owner, String task, Optional<String> agent, Optional<String> session,
                         Optional<PermissionMode> mode, Optional<OutputSchema> output, Optional<String> workspace) {
}
