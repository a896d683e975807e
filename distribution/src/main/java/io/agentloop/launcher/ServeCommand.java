package io.agentloop.launcher;

import io.agentloop.core.engine.DurableEngine;
import io.agentloop.core.permission.PermissionMode;
import io.agentloop.core.session.FileSessionStore;
import io.agentloop.server.AgentServer;
import io.agentloop.server.Retention;
import io.agentloop.server.ServerSettings;
import io.agentloop.server.backend.RunBackend;
import io.agentloop.server.users.ServerToken;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code agentloop serve [--host H] [--port P] [--engine local|temporal]}: the configured agents over HTTP until stopped
 * (Ctrl-C or SIGTERM). Settings: {@code server.*}; the bearer tokens from files, never from the
 * configuration itself: {@code server.token-file} or {@code AGENTLOOP_SERVER_TOKEN} (administrators'),
 * and the named tokens of {@code server.tokens} (users' or administrators').
 * Without one, the server makes a token at start and this command prints the console's address with
 * it: whoever reads the terminal may use the server, a web page may not.
 */
final class ServeCommand extends LauncherCommand {
    static final String TOKEN_VARIABLE = "AGENTLOOP_SERVER_TOKEN";
    /** Held: java.util.logging keeps loggers weakly, and a collected one forgets the level set on it. */
    private static final java.util.logging.Logger HELIDON_LOGS = java.util.logging.Logger.getLogger("io.helidon");

    String host;
    Integer port;
    String engine;

    @Override
    CommandSpec spec() {
        CommandSpec spec = describe("serve", "Serves the configured agents over HTTP: runs started by JSON "
                + "requests, their events as Server-Sent Events, approvals and cancelling, a web console at /, and "
                + "the Agent2Agent protocol. Without a token (server.token-file or " + TOKEN_VARIABLE + ") it "
                + "listens on loopback only, makes a token at start and prints the console's address with it.");
        spec.addOption(Cli.option(String.class, "HOST", "The address to listen on (server.host, default "
                + ServerSettings.DEFAULT_HOST + ").", () -> host, v -> host = v, "--host"));
        spec.addOption(Cli.option(Integer.class, "PORT", "The port (server.port, default "
                + ServerSettings.DEFAULT_PORT + "; 0 takes a free one).", () -> port, v -> port = v, "--port"));
        spec.addOption(Cli.option(String.class, "ENGINE", "Where the runs are carried out: local (this process, the "
                + "default) or temporal (durable: the workers of temporal.task-queue carry them out, this server "
                + "follows them; start them with agentloop worker).", () -> engine, v -> engine = v, "--engine"));
        return spec;
    }

    @Override
    public Integer call() {
        PrintWriter out = out();
        PrintWriter err = err();
        LauncherConfig config = config();
        ServerSettings settings = settings(config);
        HELIDON_LOGS.setLevel(java.util.logging.Level.WARNING);
        try (Platform platform = platform(config);
             DurableEngine durable = Engines.durable(engine) ? Engines.connect(parent.home, config, engine) : null) {
            RunBackend backend = durable == null ? new LauncherBackend(platform, config, mode(config))
                    : new EngineBackend(platform, config, mode(config), engine, durable);
            CountDownLatch stopped = new CountDownLatch(1);
            AgentServer server;
            try {
                server = AgentServer.start(settings, backend, platform.extensions().metricsExpositions().all());
            } catch (UncheckedIOException | IllegalStateException e) {
                throw new ConfigLoader.ConfigurationException("cannot listen on " + settings.host() + ":"
                        + settings.port() + ": " + e.getMessage() + " (choose another with --port, or stop what "
                        + "uses it)");
            }
            Thread hook = new Thread(() -> {
                server.close();
                stopped.countDown();
            }, "agentloop-serve-stop");
            Runtime.getRuntime().addShutdownHook(hook);
            out.println("agentloop serve: listening on " + server.address() + " (API " + server.address()
                    + "/v1, agent card " + server.address() + "/.well-known/agent-card.json)");
            out.println("agentloop serve: console " + server.consoleAddress());
            out.println("agentloop serve: " + server.madeToken().map(token -> "no token configured, so this one was "
                    + "made for this start (loopback only): send 'Authorization: Bearer " + token + "'").orElse(
                    tokensAccepted(settings)) + "; runs work in " + settings.workspaces() + ", mode " + backend.mode()
                    + " at most; agents: " + String.join(", ", backend.agents())
                    + (durable == null ? "" : "; runs carried out on " + durable.describe()) + ". Stop with Ctrl-C.");
            out.flush();
            try {
                stopped.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                server.close();
            }
        }
        return Launcher.ANSWERED;
    }

    /** How many tokens the server takes, and whose names: "3 bearer tokens accepted (alice, bob, ops)". */
    private static String tokensAccepted(ServerSettings settings) {
        int count = settings.tokens().size() + settings.namedTokens().size();
        return count + " bearer token" + (count == 1 ? "" : "s") + " accepted" + (settings.namedTokens().isEmpty() ? ""
                : " (" + String.join(", ", settings.namedTokens().stream().map(ServerToken::name).toList()) + ")");
    }

    /** The server's settings from the options, {@code server.*} and the token file or variable. */
    ServerSettings settings(LauncherConfig config) {
        Path data = dataFolder(config);
        Path workspaces = workspacesFolder(config);
        refuseKept(config, workspaces);
        try {
            return new ServerSettings(Optional.ofNullable(host).or(() -> config.get("server.host"))
                    .orElse(ServerSettings.DEFAULT_HOST).strip(),
                    Optional.ofNullable(port).orElseGet(() -> number(config, "server.port", ServerSettings.DEFAULT_PORT)),
                    tokens(config), config.list("server.allowed-hosts"), workspaces,
                    data,
                    number(config, "server.runs-per-token", ServerSettings.DEFAULT_RUNS_PER_TOKEN),
                    number(config, "server.requests-per-minute", ServerSettings.DEFAULT_REQUESTS_PER_MINUTE),
                    number(config, "server.max-body", ServerSettings.DEFAULT_MAX_BODY),
                    config.get("server.heartbeat").map(text -> DurationText.parse(text.strip()).orElseThrow(() ->
                            new ConfigLoader.ConfigurationException("server.heartbeat must be a duration such as 15s, "
                                    + "not '" + text + "'"))).orElse(ServerSettings.DEFAULT_HEARTBEAT),
                    namedTokens(config), retention(config));
        } catch (IllegalArgumentException e) {
            throw new ConfigLoader.ConfigurationException("agentloop serve: " + e.getMessage());
        }
    }

    /** Where sessions are kept: beside them, by default, the server's records and its runs' workspaces. */
    private static Path sessionsFolder(LauncherConfig config) {
        return config.get("sessions.folder").map(Path::of).orElseGet(FileSessionStore::defaultFolder)
                .toAbsolutePath().normalize();
    }

    /**
     * {@code server.workspaces}, a folder per served run. By default {@code workspaces} beside the
     * sessions, unless that lies in a folder kept from every run's tools (the sessions' own folder
     * under {@code $XDG_DATA_HOME/agentloop}, say): then {@code agentloop/workspaces} in the user's
     * state folder ({@code $XDG_STATE_HOME}, else {@code ~/.local/state}), so the default is never a
     * folder the runs would be refused.
     */
    static Path workspacesFolder(LauncherConfig config) {
        return config.get("server.workspaces").map(Path::of).orElseGet(() -> {
            Path beside = sessionsFolder(config).resolveSibling("workspaces");
            if (WorkspaceSetup.keptAround(beside, WorkspaceSetup.keptFromRuns(config)).isEmpty()) {
                return beside;
            }
            String state = System.getenv("XDG_STATE_HOME");
            Path base = state != null && !state.isBlank() ? Path.of(state)
                    : Path.of(System.getProperty("user.home"), ".local", "state");
            return base.resolve("agentloop").resolve("workspaces");
        }).toAbsolutePath().normalize();
    }

    /**
     * Refuses a workspaces folder that lies in (or holds) a folder kept from every run's tools: each
     * run there would be refused, or would see what it must not.
     */
    private void refuseKept(LauncherConfig config, Path workspaces) {
        List<Path> kept = new ArrayList<>(WorkspaceSetup.keptFromRuns(config));
        kept.add(parent.home.resolve("conf"));
        WorkspaceSetup.keptAround(workspaces, kept).ifPresent(around -> {
            throw new ConfigLoader.ConfigurationException("agentloop serve: server.workspaces " + workspaces
                    + (workspaces.startsWith(around) ? " lies inside " : " holds ") + around + ", which every run's "
                    + "tools and commands are kept away from: set server.workspaces to a folder outside it");
        });
    }

    /** {@code server.data}, by default {@code server} beside the sessions: no run's tool may read or change it. */
    static Path dataFolder(LauncherConfig config) {
        return config.get("server.data").map(Path::of).orElseGet(() -> sessionsFolder(config).resolveSibling("server"))
                .toAbsolutePath().normalize();
    }

    /**
     * The files holding the server's tokens ({@code server.token-file}, {@code server.tokens.<name>.file}),
     * whether or not they exist yet: kept from every run, as a run that read one could act as its owner.
     */
    static List<Path> tokenFiles(LauncherConfig config) {
        List<Path> files = new ArrayList<>();
        config.get("server.token-file").map(file -> Path.of(file.strip())).ifPresent(files::add);
        config.section("server.tokens").forEach((key, value) -> {
            if (key.endsWith(".file") && key.indexOf('.') == key.length() - ".file".length()) {
                files.add(Path.of(value.strip()));
            }
        });
        return files;
    }

    /** {@code server.mode}, else {@code permissions.mode}: the widest mode a served run may have. */
    static PermissionMode mode(LauncherConfig config) {
        try {
            return PermissionMode.parse(config.get("server.mode").or(() -> config.get("permissions.mode")).orElse("ask"));
        } catch (IllegalArgumentException e) {
            throw new ConfigLoader.ConfigurationException("server.mode: " + e.getMessage());
        }
    }

    private List<String> tokens(LauncherConfig config) {
        Optional<String> variable = Optional.ofNullable(parent.env.apply(TOKEN_VARIABLE)).filter(t -> !t.isBlank());
        Optional<String> file = config.get("server.token-file");
        if (file.isPresent()) {
            Path path = Path.of(file.get().strip());
            try {
                List<String> tokens = Files.readAllLines(path).stream().map(String::strip)
                        .filter(line -> !line.isEmpty() && !line.startsWith("#")).toList();
                if (tokens.isEmpty()) {
                    throw new ConfigLoader.ConfigurationException("server.token-file " + path + " has no token: write "
                            + "one per line");
                }
                return variable.map(v -> java.util.stream.Stream.concat(tokens.stream(), java.util.stream.Stream.of(v))
                        .toList()).orElse(tokens);
            } catch (IOException e) {
                throw new ConfigLoader.ConfigurationException("server.token-file " + path + " cannot be read: "
                        + e.getMessage());
            }
        }
        return variable.map(List::of).orElse(List.of());
    }

    /**
     * {@code server.tokens.<name>.file} and {@code .role}: each named token read from its file (its
     * first line that is not a comment), a user's unless the role says admin.
     */
    private static List<ServerToken> namedTokens(LauncherConfig config) {
        Map<String, Map<String, String>> byName = new TreeMap<>();
        config.section("server.tokens").forEach((key, value) -> {
            int dot = key.indexOf('.');
            if (dot > 0) {
                byName.computeIfAbsent(key.substring(0, dot), n -> new TreeMap<>()).put(key.substring(dot + 1), value);
            }
        });
        List<ServerToken> tokens = new ArrayList<>();
        byName.forEach((name, token) -> {
            String file = Optional.ofNullable(token.get("file")).map(String::strip).orElseThrow(() ->
                    new ConfigLoader.ConfigurationException("server.tokens." + name + " has no file: set server.tokens."
                            + name + ".file to the file that holds the token"));
            try {
                String secret = Files.readAllLines(Path.of(file)).stream().map(String::strip)
                        .filter(line -> !line.isEmpty() && !line.startsWith("#")).findFirst().orElseThrow(() ->
                                new ConfigLoader.ConfigurationException("server.tokens." + name + ".file " + file
                                        + " has no token: write it on a line of its own"));
                tokens.add(new ServerToken(name, secret, ServerToken.Role.parse(token.getOrDefault("role", "user"))));
            } catch (IOException e) {
                throw new ConfigLoader.ConfigurationException("server.tokens." + name + ".file " + file
                        + " cannot be read: " + e.getMessage());
            }
        });
        return tokens;
    }

    /** {@code server.retention.age} and {@code .count}, each the default when not set. */
    private static Retention retention(LauncherConfig config) {
        return new Retention(config.get("server.retention.age").map(text -> DurationText.parse(text.strip())
                .orElseThrow(() -> new ConfigLoader.ConfigurationException("server.retention.age must be a duration "
                        + "such as 30d or 12h, not '" + text + "'"))).orElse(Retention.DEFAULT.age()),
                number(config, "server.retention.count", Retention.DEFAULT.count()));
    }

    private static int number(LauncherConfig config, String key, int otherwise) {
        String value = config.get(key).map(String::strip).orElse(Integer.toString(otherwise));
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new ConfigLoader.ConfigurationException(key + " must be a whole number, not '" + value + "'");
        }
    }

}
