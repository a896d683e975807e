package io.agentloop.tools.web;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import okhttp3.Dns;

/**
 * The name resolution of one fetch hop: the addresses {@link HostCheck} resolved and approved for
 * its host, and nothing else. OkHttp connects through it instead of asking DNS again, which could
 * answer differently the second time (DNS rebinding) and so reach an address that was never
 * checked. Any other name fails, so a lookup the check did not foresee cannot slip through.
 *
 * <p>A record on purpose: OkHttp reuses a pooled connection only for an equal {@link Dns}, so
 * value equality lets a later hop to the same host with the same approved addresses reuse it.
 */
record PinnedDns(String host, List<InetAddress> addresses) implements Dns {
    PinnedDns {
        host = host.toLowerCase(Locale.ROOT);
        addresses = List.copyOf(addresses);
        if (addresses.isEmpty()) {
            throw new IllegalArgumentException("no addresses to pin " + host + " to");
        }
    }

    @Override
    public List<InetAddress> lookup(String hostname) throws UnknownHostException {
        if (!hostname.toLowerCase(Locale.ROOT).equals(host)) {
            throw new UnknownHostException(hostname + " was not checked for this fetch (only " + host + " was)");
        }
        return addresses;
    }
}
