package io.agentloop.server.http;

import io.agentloop.server.backend.RequestException;
import io.agentloop.server.run.Caller;
import io.agentloop.server.users.ServerToken;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Who may call and how often. A caller shows a bearer token; it is compared with every token's
 * digest in constant time (no early exit, so the time taken tells nothing of how much of a token
 * was right), and never kept or logged: the caller is known by a digest of it. There is always a
 * token: a server with none configured makes one at start. Each client may make {@code perMinute}
 * requests in a minute, refilled evenly; more are a {@code 429} with the seconds to wait. A client
 * is a configured token (whoever holds it); with the token the server made, which everyone at this
 * machine who opened the console shares, it is that token from one address, so one busy client does
 * not use up the others' requests.
 *
 * <p>A named token ({@code server.tokens}) makes its caller that name, a user or an administrator;
 * an unnamed one (the token file's, the variable's, the one made at start) an administrator known by
 * the digest, as every caller was before tokens had names.
 */
final class Gate {
    /** A token's digest and who shows it. */
    private record Known(byte[] digest, Caller caller) {
    }

    private final List<Known> known;
    private final boolean byAddress;
    private final int perMinute;
    private final Clock clock;
    private final Map<String, Bucket> buckets = new ConcurrentHashMap<>();

    /**
     * @param byAddress whether each address has its own requests (the token was made by the server)
     *        or each token has (it was configured)
     * @throws IllegalArgumentException when there is no token
     */
    Gate(List<String> tokens, boolean byAddress, int perMinute, Clock clock) {
        this(tokens, List.of(), byAddress, perMinute, clock);
    }

    /** As above, with named tokens beside the unnamed ones. */
    Gate(List<String> tokens, List<ServerToken> named, boolean byAddress, int perMinute, Clock clock) {
        if (tokens.isEmpty() && named.isEmpty()) {
            throw new IllegalArgumentException("the API needs a bearer token: configure one, or let the server make "
                    + "one at start");
        }
        List<Known> all = new ArrayList<>();
        for (String token : tokens) {
            byte[] digest = digest(token);
            all.add(new Known(digest, new Caller(HexFormat.of().formatHex(digest, 0, 8), true)));
        }
        for (ServerToken token : named) {
            all.add(new Known(digest(token.secret()), new Caller(token.name(), token.role() == ServerToken.Role.ADMIN)));
        }
        this.known = List.copyOf(all);
        this.byAddress = byAddress;
        this.perMinute = perMinute;
        this.clock = clock;
    }

    /**
     * The caller of a request with this {@code Authorization} header.
     *
     * @throws RequestException 401 when the header has no token or a wrong one
     */
    Caller caller(Optional<String> authorization) {
        String presented = authorization.filter(h -> h.regionMatches(true, 0, "Bearer ", 0, 7))
                .map(h -> h.substring(7).strip()).orElseThrow(() -> new RequestException(401,
                        "this server needs a bearer token: send 'Authorization: Bearer <token>' (a configured "
                        + "token, or the one agentloop serve printed at start)"));
        byte[] candidate = digest(presented);
        Caller found = null;
        for (Known token : known) {
            if (MessageDigest.isEqual(token.digest(), candidate) && found == null) {
                found = token.caller();
            }
        }
        if (found == null) {
            throw new RequestException(401, "the bearer token is not one this server takes: use a configured "
                    + "token, or the one this server printed at start (a server started again makes a new one)");
        }
        return found;
    }

    /**
     * Counts a request of {@code caller} from {@code address}.
     *
     * @throws RequestException 429 with the time to wait, when the client made too many
     */
    void count(Caller caller, String address) {
        String client = byAddress ? caller.name() + " " + address : caller.name();
        Bucket bucket = buckets.computeIfAbsent(client, c -> new Bucket(perMinute, clock.millis()));
        long wait = bucket.take(perMinute, clock.millis());
        if (wait > 0) {
            throw new RequestException(429, "too many requests: " + (byAddress ? "each client address (this is "
                    + address + ")" : "this token") + " may make " + perMinute + " a minute (server.requests-per-minute);"
                    + " try again in " + Math.max(1, (wait + 999) / 1000) + " s",
                    Optional.of(Duration.ofMillis(Math.max(1000, wait))));
        }
    }

    private static byte[] digest(String token) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    /** A token bucket of {@code perMinute}, refilled one at a time. */
    private static final class Bucket {
        private double tokens;
        private long at;

        Bucket(int perMinute, long now) {
            this.tokens = perMinute;
            this.at = now;
        }

        /** Takes one: 0 when there was one, else the milliseconds until there is. */
        synchronized long take(int perMinute, long now) {
            double perMilli = perMinute / 60_000.0;
            tokens = Math.min(perMinute, tokens + (now - at) * perMilli);
            at = now;
            if (tokens >= 1) {
                tokens -= 1;
                return 0;
            }
            return (long) Math.ceil((1 - tokens) / perMilli);
        }
    }
}
