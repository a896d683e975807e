package io.agentloop.server.http;

import io.agentloop.server.users.ServerToken;
import java.time.Duration;
import java.util.List;

/**
 * What the routes need of the server's settings.
 *
 * @param tokens the unnamed bearer tokens, each an administrator's; with {@code named}, at least one
 * @param tokenMade whether the one token was made by the server at start (then each client address
 *        has its own rate of requests) rather than configured (then each token has)
 * @param hosts the names the {@code Host} header may carry besides loopback addresses: {@code name}
 *        (any port) or {@code name:port}
 * @param requestsPerMinute per client
 * @param maxBody the largest body, in bytes
 * @param heartbeat how often an idle event stream gets a comment line
 * @param named the named tokens of {@code server.tokens}, each a user's or an administrator's
 */
public record ApiSettings(List<String> tokens, boolean tokenMade, List<String> hosts, int requestsPerMinute,
                          int maxBody, Duration heartbeat, List<ServerToken> named) {
    public ApiSettings {
        tokens = List.copyOf(tokens);
        hosts = List.copyOf(hosts);
        named = List.copyOf(named);
    }

    /** Unnamed tokens only, as before tokens had names. */
    public ApiSettings(List<String> tokens, boolean tokenMade, List<String> hosts, int requestsPerMinute, int maxBody,
                       Duration heartbeat) {
        this(tokens, tokenMade, hosts, requestsPerMinute, maxBody, heartbeat, List.of());
    }
}
