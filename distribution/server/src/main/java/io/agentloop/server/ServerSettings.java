package io.agentloop.server;

import io.agentloop.server.users.ServerToken;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * How {@code agentloop serve} runs: where it listens, who may call it, what each caller may do, and
 * where runs work and are kept.
 *
 * @param host the address to listen on; without tokens only a loopback address is allowed
 * @param port the port; 0 takes a free one
 * @param tokens the bearer tokens that may call the API; empty: the server makes one at start, and
 *        listens on loopback only
 * @param allowedHosts the names besides loopback addresses that requests may name in their
 *        {@code Host} header: {@code name} (any port) or {@code name:port}, as clients reach the server
 *        (through a proxy, say)
 * @param workspaces the root every run's workspace is a folder of
 * @param data where the server keeps its runs' records (outside every workspace)
 * @param runsPerToken how many runs one token may have running at once
 * @param requestsPerMinute how many API requests one token may make in a minute
 * @param maxBody the largest request body, in bytes
 * @param heartbeat how often an idle event stream gets a comment line, so proxies keep it open
 * @param namedTokens the named tokens ({@code server.tokens}): each caller with one owns the runs and
 *        sessions they start and sees only those, or every one when an administrator's; the unnamed
 *        {@code tokens} are administrators'
 * @param retention how long finished runs' records and events are kept
 */
public record ServerSettings(String host, int port, List<String> tokens, List<String> allowedHosts, Path workspaces,
                             Path data, int runsPerToken, int requestsPerMinute, int maxBody, Duration heartbeat,
                             List<ServerToken> namedTokens, Retention retention) {
    public static final String DEFAULT_HOST = "127.0.0.1";
    public static final int DEFAULT_PORT = 8642;
    public static final int DEFAULT_RUNS_PER_TOKEN = 32;
    public static final int DEFAULT_REQUESTS_PER_MINUTE = 600;
    public static final int DEFAULT_MAX_BODY = 1 << 20;
    public static final Duration DEFAULT_HEARTBEAT = Duration.ofSeconds(15);
    private static final Pattern HOST_NAME = Pattern.compile(
            "(\\[[0-9a-fA-F:.]+]|[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?)(:\\d{1,5})?");

    /**
     * @throws IllegalArgumentException naming the setting that is wrong and what to do, among them an
     *         address other than loopback with no token
     */
    public ServerSettings {
        Objects.requireNonNull(host, "host");
        tokens = List.copyOf(tokens);
        namedTokens = List.copyOf(namedTokens);
        Objects.requireNonNull(retention, "retention");
        allowedHosts = List.copyOf(allowedHosts);
        Objects.requireNonNull(workspaces, "workspaces");
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(heartbeat, "heartbeat");
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port " + port + " is not a port: use 1 to 65535, or 0 for a free one");
        }
        if (runsPerToken < 1 || requestsPerMinute < 1 || maxBody < 1) {
            throw new IllegalArgumentException("the server's limits must be at least 1 (runs per token " + runsPerToken
                    + ", requests per minute " + requestsPerMinute + ", body bytes " + maxBody + ")");
        }
        if (heartbeat.isNegative() || heartbeat.isZero()) {
            throw new IllegalArgumentException("the heartbeat interval must be positive, not " + heartbeat);
        }
        if (tokens.stream().anyMatch(String::isBlank)) {
            throw new IllegalArgumentException("a bearer token is blank: remove the empty line from the token file");
        }
        for (String name : allowedHosts) {
            if (!HOST_NAME.matcher(name.strip()).matches()) {
                throw new IllegalArgumentException("server.allowed-hosts has '" + name + "', which is not a host name: "
                        + "write a name as clients reach the server, alone (agents.example.com, any port) or with a "
                        + "port (agents.example.com:8443), without http:// or a path");
            }
        }
        if (namedTokens.stream().map(ServerToken::name).distinct().count() < namedTokens.size()) {
            throw new IllegalArgumentException("two of server.tokens have one name: give each token a name of its own");
        }
        if (namedTokens.stream().map(ServerToken::secret).distinct().count() < namedTokens.size()
                || namedTokens.stream().map(ServerToken::secret).anyMatch(Set.copyOf(tokens)::contains)) {
            throw new IllegalArgumentException("two tokens are the same: give each of server.tokens a token of its own, "
                    + "so that who calls is known");
        }
        if (tokens.isEmpty() && namedTokens.isEmpty() && !loopback(host)) {
            throw new IllegalArgumentException("no bearer token is configured, so the server listens only on a loopback "
                    + "address, not on " + host + ": set a token (server.tokens, server.token-file or "
                    + "AGENTLOOP_SERVER_TOKEN) to listen there, or use --host 127.0.0.1");
        }
        if (data.toAbsolutePath().normalize().startsWith(workspaces.toAbsolutePath().normalize())) {
            throw new IllegalArgumentException("the server's data folder " + data + " is inside the workspace root "
                    + workspaces + ", where runs' commands could change it: put it elsewhere");
        }
    }

    /** Loopback, no token configured (the server makes one), the default limits. */
    public static ServerSettings local(Path workspaces, Path data) {
        return new ServerSettings(DEFAULT_HOST, 0, List.of(), List.of(), workspaces, data, DEFAULT_RUNS_PER_TOKEN,
                DEFAULT_REQUESTS_PER_MINUTE, DEFAULT_MAX_BODY, DEFAULT_HEARTBEAT, List.of(), Retention.DEFAULT);
    }

    public ServerSettings withAllowedHosts(List<String> allowedHosts) {
        return new ServerSettings(host, port, tokens, allowedHosts, workspaces, data, runsPerToken, requestsPerMinute,
                maxBody, heartbeat, namedTokens, retention);
    }

    public ServerSettings withTokens(List<String> tokens) {
        return new ServerSettings(host, port, tokens, allowedHosts, workspaces, data, runsPerToken, requestsPerMinute,
                maxBody, heartbeat, namedTokens, retention);
    }

    public ServerSettings withLimits(int runsPerToken, int requestsPerMinute, int maxBody) {
        return new ServerSettings(host, port, tokens, allowedHosts, workspaces, data, runsPerToken, requestsPerMinute,
                maxBody, heartbeat, namedTokens, retention);
    }

    public ServerSettings withHeartbeat(Duration heartbeat) {
        return new ServerSettings(host, port, tokens, allowedHosts, workspaces, data, runsPerToken, requestsPerMinute,
                maxBody, heartbeat, namedTokens, retention);
    }

    public ServerSettings withAddress(String host, int port) {
        return new ServerSettings(host, port, tokens, allowedHosts, workspaces, data, runsPerToken, requestsPerMinute,
                maxBody, heartbeat, namedTokens, retention);
    }

    /** With named tokens, each a user's or an administrator's, beside the unnamed ones. */
    public ServerSettings withNamedTokens(List<ServerToken> namedTokens) {
        return new ServerSettings(host, port, tokens, allowedHosts, workspaces, data, runsPerToken, requestsPerMinute,
                maxBody, heartbeat, namedTokens, retention);
    }

    public ServerSettings withRetention(Retention retention) {
        return new ServerSettings(host, port, tokens, allowedHosts, workspaces, data, runsPerToken, requestsPerMinute,
                maxBody, heartbeat, namedTokens, retention);
    }

    /** Whether {@code host} names only this machine (a name is looked up; "localhost" is loopback). */
    static boolean loopback(String host) {
        try {
            InetAddress[] addresses = InetAddress.getAllByName(host);
            for (InetAddress address : addresses) {
                if (!address.isLoopbackAddress()) {
                    return false;
                }
            }
            return addresses.length > 0;
        } catch (UnknownHostException e) {
            return false;
        }
    }
}
