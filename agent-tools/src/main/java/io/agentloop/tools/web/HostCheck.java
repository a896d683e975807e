package io.agentloop.tools.web;

import io.agentloop.api.tool.ToolResult;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import okhttp3.Dns;
import okhttp3.HttpUrl;

/**
 * The gate each hop of a fetch passes before anything connects: http or https, an allowed host,
 * and addresses that are all public unless private ones are allowed. The host is resolved here, and
 * only here: an allowed hop carries the addresses that were checked as a {@link PinnedDns}, the
 * only ones its connection may use.
 */
final class HostCheck {
    private final FetchSettings settings;
    private final Dns resolver;

    /** @param resolver answers the one lookup per hop ({@link Dns#SYSTEM} outside tests) */
    HostCheck(FetchSettings settings, Dns resolver) {
        this.settings = settings;
        this.resolver = resolver;
    }

    /** What the check decided for one hop. */
    sealed interface Verdict {
    }

    /** The hop may go to {@code url}, connecting only to the addresses in {@code dns}. */
    record Allowed(HttpUrl url, PinnedDns dns) implements Verdict {
    }

    /** The hop must not go out; {@code failure} says why, for the model. */
    record Refused(ToolResult.Failure failure) implements Verdict {
    }

    Verdict check(URI uri) {
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            return denied(uri + " is not http or https");
        }
        String host = uri.getHost();
        if (host == null || !settings.allows(host)) {
            return denied("the host " + host + " is not in the fetch allowlist " + settings.allowedHosts()
                    + " (configure tools.fetch.allow-hosts)");
        }
        HttpUrl url = HttpUrl.get(uri);
        if (url == null) {
            return denied(uri + " is not a URL fetch can request");
        }
        List<InetAddress> addresses;
        try {
            // The name OkHttp will look up, so the pin matches it exactly.
            addresses = List.copyOf(resolver.lookup(url.host()));
        } catch (UnknownHostException e) {
            addresses = List.of();
        }
        if (addresses.isEmpty()) {
            return new Refused(new ToolResult.Failure("unknown_host", "the host " + host + " could not be resolved"));
        }
        if (!settings.allowPrivate()) {
            for (InetAddress address : addresses) {
                if (!PublicAddresses.isPublic(address)) {
                    return denied(host + " resolves to " + address.getHostAddress()
                            + ", a private or local address; fetch only contacts public addresses");
                }
            }
        }
        return new Allowed(url, new PinnedDns(url.host(), addresses));
    }

    private static Refused denied(String message) {
        return new Refused(new ToolResult.Failure(ToolResult.Failure.DENIED, message));
    }
}
