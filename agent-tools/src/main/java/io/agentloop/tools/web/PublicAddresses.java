package io.agentloop.tools.web;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;

/**
 * Whether an address is on the public internet. Loopback, private (RFC 1918), link-local (cloud
 * metadata services live there), carrier-grade NAT, unique-local IPv6, multicast and unspecified
 * addresses are not: a model must not be able to reach the user's own services through fetch.
 */
final class PublicAddresses {
    private PublicAddresses() {
    }

    static boolean isPublic(InetAddress address) {
        if (address.isLoopbackAddress() || address.isSiteLocalAddress() || address.isLinkLocalAddress()
                || address.isAnyLocalAddress() || address.isMulticastAddress()) {
            return false;
        }
        byte[] b = address.getAddress();
        if (address instanceof Inet4Address) {
            int first = b[0] & 0xff;
            int second = b[1] & 0xff;
            return !(first == 0 || (first == 100 && second >= 64 && second <= 127) || (first == 192 && second == 0
                    && (b[2] & 0xff) == 0) || first >= 240 || (first == 198 && (second == 18 || second == 19)));
        }
        if (address instanceof Inet6Address) {
            int first = b[0] & 0xff;
            if ((first & 0xfe) == 0xfc) {
                return false; // fc00::/7 unique local
            }
            boolean mappedV4 = true;
            for (int i = 0; i < 10; i++) {
                mappedV4 &= b[i] == 0;
            }
            if (mappedV4 && (b[10] & 0xff) == 0xff && (b[11] & 0xff) == 0xff) {
                try {
                    return isPublic(InetAddress.getByAddress(new byte[] {b[12], b[13], b[14], b[15]}));
                } catch (java.net.UnknownHostException e) {
                    return false;
                }
            }
        }
        return true;
    }
}
