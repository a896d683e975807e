package io.agentloop.tools.web;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * What {@link FetchTool} may fetch.
 *
 * @param allowedHosts host globs ({@code docs.python.org}, {@code *.example.com}, or {@code *} for
 *                     every public host); empty allows nothing
 * @param allowPrivate whether loopback, private, link-local and similar addresses may be contacted
 *                     (off: a fetch could otherwise reach services on the user's machine or network)
 * @param maxBytes     the most body bytes read
 * @param timeout      connect and response timeout
 */
public record FetchSettings(List<String> allowedHosts, boolean allowPrivate, int maxBytes, Duration timeout) {
    public static final int DEFAULT_MAX_BYTES = 200_000;
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(15);

    public FetchSettings {
        allowedHosts = allowedHosts.stream().map(h -> h.strip().toLowerCase(Locale.ROOT)).filter(h -> !h.isEmpty())
                .toList();
        if (maxBytes < 1) {
            throw new IllegalArgumentException("fetch max-bytes must be at least 1, not " + maxBytes);
        }
    }

    public static FetchSettings allowing(List<String> hosts) {
        return new FetchSettings(hosts, false, DEFAULT_MAX_BYTES, DEFAULT_TIMEOUT);
    }

    boolean allows(String host) {
        String h = host.toLowerCase(Locale.ROOT);
        for (String glob : allowedHosts) {
            if (glob.equals("*") || glob.equals(h) || (glob.startsWith("*.") && h.endsWith(glob.substring(1)))) {
                return true;
            }
        }
        return false;
    }
}
