package io.agentloop.server.http;

import java.time.Duration;
import java.util.List;

/**
 * What the routes need of the server's settings.
 *
 * @param tokens the bearer tokens; none: every caller is local
 * @param requestsPerMinute per caller
 * @param maxBody the largest body, in bytes
 * @param heartbeat how often an idle event stream gets a comment line
 */
public record ApiSettings(List<String> tokens, int requestsPerMinute, int maxBody, Duration heartbeat) {
    public ApiSettings {
        tokens = List.copyOf(tokens);
    }
}
