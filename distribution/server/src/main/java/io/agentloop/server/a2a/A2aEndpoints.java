package io.agentloop.server.a2a;

import io.agentloop.server.http.Endpoint;
import io.agentloop.server.run.ServedRuns;
import java.time.Duration;
import java.util.List;

/**
 * The Agent2Agent protocol (versions 1.0 and 0.3, on one address) on served runs, so that agents
 * of other frameworks can call ours: the agent card at {@value AgentCardEndpoint#PATH} and the JSON-RPC methods at
 * {@value JsonRpcEndpoint#PATH}. Written from the specification, on the server's own JSON.
 */
public final class A2aEndpoints {
    private A2aEndpoints() {
    }

    /**
     * @param heartbeat how often an idle {@code message/stream} gets a comment line
     */
    public static List<Endpoint> of(ServedRuns runs, Duration heartbeat) {
        return List.of(new AgentCardEndpoint(runs.backend()), new JsonRpcEndpoint(runs, heartbeat));
    }
}
