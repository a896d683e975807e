package io.agentloop.plugins.mcp;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One configured MCP server ({@code mcp.servers.<name>.*}): a command to start and speak to over
 * stdio ({@code command}, {@code args}, {@code env}), or a URL to speak streamable HTTP to
 * ({@code url}, {@code headers}); {@code enabled} (true), {@code timeout} (30s: start, and each
 * call), {@code start} ({@code eager}: when an agent is assembled; {@code lazy}: at the first call
 * of one of its tools, which are known from the last start), and {@code tools.allow} /
 * {@code tools.deny} (tool names as the server knows them, {@code *} at the end matches any rest).
 */
record ServerConfig(String name, Optional<String> command, List<String> args, Map<String, String> env,
                    Optional<URI> url, Map<String, String> headers, boolean enabled, Duration timeout,
                    boolean lazy, List<String> allow, List<String> deny) {
    static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);
    private static final Pattern DURATION = Pattern.compile("(\\d+)\\s*(ms|s|m|h)");
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]{1,32}");

    /** Whether the server offers the tool it calls {@code tool}, after the allow and deny lists. */
    boolean offers(String tool) {
        return (allow.isEmpty() || allow.stream().anyMatch(p -> matches(p, tool)))
                && deny.stream().noneMatch(p -> matches(p, tool));
    }

    private static boolean matches(String pattern, String tool) {
        return pattern.endsWith("*") ? tool.startsWith(pattern.substring(0, pattern.length() - 1))
                : pattern.equals(tool);
    }

    /** A configuration read, or what is wrong with it. */
    sealed interface Read {
        String name();
    }

    record Valid(ServerConfig config) implements Read {
        @Override
        public String name() {
            return config.name();
        }
    }

    record Invalid(String name, String problem) implements Read {
    }

    /** The servers in the plugin's settings ({@code servers.<name>.<key>}), in name order. */
    static List<Read> readAll(Map<String, String> settings) {
        Map<String, Map<String, String>> byServer = new TreeMap<>();
        settings.forEach((key, value) -> {
            if (key.startsWith("servers.")) {
                String rest = key.substring("servers.".length());
                int dot = rest.indexOf('.');
                if (dot > 0) {
                    byServer.computeIfAbsent(rest.substring(0, dot), n -> new LinkedHashMap<>())
                            .put(rest.substring(dot + 1), value);
                }
            }
        });
        List<Read> servers = new ArrayList<>();
        byServer.forEach((name, keys) -> servers.add(read(name, keys)));
        return servers;
    }

    static Read read(String name, Map<String, String> keys) {
        if (!NAME.matcher(name).matches()) {
            return new Invalid(name, "has a name that cannot start tool names: use up to 32 letters, digits, '_' or "
                    + "'-' (mcp.servers." + name + ")");
        }
        Optional<String> command = text(keys, "command");
        Optional<String> url = text(keys, "url");
        if (command.isPresent() == url.isPresent()) {
            return new Invalid(name, "needs either a command (stdio) or a url (streamable HTTP): set mcp.servers."
                    + name + ".command or mcp.servers." + name + ".url, not both");
        }
        Optional<URI> uri;
        try {
            uri = url.map(URI::create);
        } catch (IllegalArgumentException e) {
            return new Invalid(name, "has a url that is not one: " + url.get());
        }
        if (uri.isPresent() && !List.of("http", "https").contains(String.valueOf(uri.get().getScheme()))) {
            return new Invalid(name, "has the url " + url.get() + ": use an http:// or https:// URL");
        }
        Duration timeout;
        try {
            timeout = text(keys, "timeout").map(ServerConfig::duration).orElse(DEFAULT_TIMEOUT);
        } catch (IllegalArgumentException e) {
            return new Invalid(name, "has " + e.getMessage() + " as its timeout: write it as 500ms, 30s, 2m or 1h");
        }
        String start = text(keys, "start").orElse("eager");
        if (!start.equals("eager") && !start.equals("lazy")) {
            return new Invalid(name, "has start '" + start + "': use eager (when an agent is assembled) or lazy (at "
                    + "the first call of one of its tools)");
        }
        List<String> unknown = keys.keySet().stream().filter(k -> !known(k)).sorted().toList();
        if (!unknown.isEmpty()) {
            return new Invalid(name, "has settings that MCP servers do not take: " + unknown + " (known: command, "
                    + "args, env.<NAME>, url, headers.<Name>, enabled, timeout, start, tools.allow, tools.deny)");
        }
        return new Valid(new ServerConfig(name, command, list(keys, "args"), below(keys, "env."), uri,
                below(keys, "headers."), !"false".equalsIgnoreCase(text(keys, "enabled").orElse("true")), timeout,
                start.equals("lazy"), list(keys, "tools.allow"), list(keys, "tools.deny")));
    }

    private static boolean known(String key) {
        return List.of("command", "args", "url", "enabled", "timeout", "start", "tools.allow", "tools.deny")
                .contains(key)
                || key.startsWith("env.") || key.startsWith("headers.");
    }

    static Duration duration(String text) {
        Matcher m = DURATION.matcher(text.strip());
        if (!m.matches() || Long.parseLong(m.group(1)) == 0) {
            throw new IllegalArgumentException("'" + text + "'");
        }
        long n = Long.parseLong(m.group(1));
        return switch (m.group(2)) {
            case "ms" -> Duration.ofMillis(n);
            case "s" -> Duration.ofSeconds(n);
            case "m" -> Duration.ofMinutes(n);
            default -> Duration.ofHours(n);
        };
    }

    private static Optional<String> text(Map<String, String> keys, String key) {
        return Optional.ofNullable(keys.get(key)).map(String::strip).filter(v -> !v.isEmpty());
    }

    /** A list value: the configuration writes a list as its items joined by commas. */
    private static List<String> list(Map<String, String> keys, String key) {
        return text(keys, key).map(v -> Arrays.stream(v.split(",")).map(String::strip).filter(s -> !s.isEmpty())
                .toList()).orElse(List.of());
    }

    private static Map<String, String> below(Map<String, String> keys, String prefix) {
        Map<String, String> out = new LinkedHashMap<>();
        keys.forEach((k, v) -> {
            if (k.startsWith(prefix)) {
                out.put(k.substring(prefix.length()), v);
            }
        });
        return out;
    }

    /**
     * What identifies the server for the cache of its tool list: where it is and how it is started
     * (not the values of env and headers, which may hold keys).
     */
    String identity() {
        return command.map(c -> "command " + c + " " + String.join(" ", args) + " env " + env.keySet())
                .orElseGet(() -> "url " + url.orElseThrow());
    }

    /** Never prints env or header values: they hold keys. */
    @Override
    public String toString() {
        return "ServerConfig[" + name + ", " + command.map(c -> "command " + c + " " + args)
                .orElseGet(() -> "url " + url.orElseThrow()) + ", env " + env.keySet() + ", headers " + headers.keySet()
                + "]";
    }
}
