package io.agentloop.server.http;

import io.agentloop.server.backend.RequestException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Keeps web pages of other sites away from the server, whatever a browser lets them send. A page
 * on a name the attacker controls can have that name resolve to 127.0.0.1 later (DNS rebinding)
 * and then call the server as if it were its own: its requests name the attacker's host in
 * {@code Host}, so only a loopback address with the server's port, or a configured name, is
 * answered ({@code 421} otherwise). A page of another origin can send simple requests (a form, a
 * {@code text/plain} POST) without asking: its requests carry an {@code Origin} other than the
 * server's own, and are refused ({@code 403}). {@code OPTIONS}, a browser's question whether a
 * cross-origin request may be sent, is refused, and no CORS header is ever sent.
 */
final class BrowserGuard {
    private static final Pattern IPV4 = Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})");
    private static final Pattern IPV6 = Pattern.compile("[0-9a-f:.]+");
    private static final int SHOWN = 200;

    private final List<String> names;

    /**
     * @param names names the {@code Host} header may carry besides loopback ones: {@code name} (any
     *        port) or {@code name:port}
     */
    BrowserGuard(List<String> names) {
        this.names = names.stream().map(name -> name.strip().toLowerCase(Locale.ROOT)).toList();
    }

    /**
     * Checks the request's {@code Host} and {@code Origin} and its method.
     *
     * @throws RequestException 421 for a {@code Host} not of this server, 403 for an {@code Origin} not
     *         of this server, 405 for {@code OPTIONS}
     */
    void check(Call call) {
        int port = port(call.base());
        String host = call.header().apply("Host").map(String::strip).filter(h -> !h.isEmpty()).orElseThrow(() ->
                new RequestException(421, "the request has no Host header: send one naming this server ("
                        + authority(call.base()) + ")"));
        if (!ours(host.toLowerCase(Locale.ROOT), port)) {
            throw new RequestException(421, "the Host header names '" + shown(host) + "', not this server: it answers "
                    + "only at a loopback address with its port (" + authority(call.base()) + ") or a name in "
                    + "server.allowed-hosts, so that a web page on another name cannot reach it by DNS rebinding; "
                    + "use " + call.base() + ", or add the name to server.allowed-hosts");
        }
        Optional<String> origin = call.header().apply("Origin").map(String::strip);
        if (origin.isPresent() && !own(origin.get().toLowerCase(Locale.ROOT), host.toLowerCase(Locale.ROOT))) {
            throw new RequestException(403, "the request comes from a web page of '" + shown(origin.get()) + "', not "
                    + "of this server, and pages of other sites may not call it: open the console at http://" + host
                    + "/ and use it from there, or call the API from a program (which sends no Origin)");
        }
        if (call.method().equals("OPTIONS")) {
            throw new RequestException(405, "OPTIONS is refused: this server answers no cross-origin requests (it "
                    + "sends no CORS headers); call it from its own console or from a program");
        }
    }

    /** Whether {@code host} ({@code name[:port]}, lower case) is loopback with {@code port}, or a configured name. */
    private boolean ours(String host, int port) {
        String name;
        String rest;
        if (host.startsWith("[")) {
            int end = host.indexOf(']');
            if (end < 0) {
                return false;
            }
            name = host.substring(1, end);
            rest = host.substring(end + 1);
        } else {
            int colon = host.indexOf(':');
            name = colon < 0 ? host : host.substring(0, colon);
            rest = colon < 0 ? "" : host.substring(colon);
        }
        if (!rest.isEmpty() && !rest.matches(":\\d{1,5}")) {
            return false;
        }
        int given = rest.isEmpty() ? 80 : Integer.parseInt(rest.substring(1));
        if (given == port && loopback(name, host.startsWith("["))) {
            return true;
        }
        String bare = host.startsWith("[") ? "[" + name + "]" : name;
        return names.stream().anyMatch(entry -> entry.equals(bare) || entry.equals(host));
    }

    /** {@code localhost}, an IPv4 address in 127.0.0.0/8 or IPv6's loopback, as written (never looked up). */
    private static boolean loopback(String name, boolean bracketed) {
        if (!bracketed) {
            var quad = IPV4.matcher(name);
            if (quad.matches()) {
                for (int i = 1; i <= 4; i++) {
                    if (Integer.parseInt(quad.group(i)) > 255) {
                        return false;
                    }
                }
                return quad.group(1).equals("127");
            }
            return name.equals("localhost");
        }
        if (!IPV6.matcher(name).matches()) {
            return false;
        }
        try {
            return InetAddress.getByName("[" + name + "]").isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    /** Whether {@code origin} is the server's own: the scheme and the host the request named (checked already). */
    private static boolean own(String origin, String host) {
        return origin.equals("http://" + host) || origin.equals("https://" + host);
    }

    private static int port(String base) {
        return Integer.parseInt(base.substring(base.lastIndexOf(':') + 1));
    }

    private static String authority(String base) {
        return base.substring(base.indexOf("://") + 3);
    }

    /** What the client sent, short enough for a message. */
    private static String shown(String text) {
        return text.length() <= SHOWN ? text : text.substring(0, SHOWN) + "...";
    }
}
