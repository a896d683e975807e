package io.agentloop.plugins.mcp;

import io.agentloop.api.CancellationSignal;
import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.transport.HttpClientSseClientTransport;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

/**
 * One MCP server and the client connected to it. {@link #start()} connects (starting the process
 * of a stdio server) and lists its tools, within the server's timeout; a server that cannot be
 * started, that exits or that does not answer is {@code failed} with a problem that says why
 * (for a process, its exit code and the last lines it wrote to stderr). A call to a server that
 * failed or broke connects again first, so a restarted server is used again. {@link #close()}
 * stops the process: terminated, then killed if it does not exit within two seconds.
 *
 * <p>It is one file because the connection's state, the client session, the server's process and
 * the requests in flight change together: starting, a broken connection, the process exiting and
 * closing each touch all of them, and reading them side by side is how their order is checked.
 */
final class McpServer implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(McpServer.class);
    private static final Duration STOP_GRACE = Duration.ofSeconds(2);
    private static final int STDERR_LINES = 5;

    enum State { NEW, STARTING, READY, FAILED, CLOSED }

    private final ServerConfig config;
    private final McpJsonMapper json;
    private final JsonSchemaValidator validator;
    private final McpSchema.Implementation client;
    private final Deque<String> stderr = new ArrayDeque<>();
    private volatile State state = State.NEW;
    private volatile String problem;
    private McpAsyncClient session;
    private CancellingTransport cancelling;
    private StdioTransport stdio;
    private volatile CompletableFuture<Integer> exited = new CompletableFuture<>();
    /** Requests waiting for an answer: failed at once if the process exits. */
    private final Set<CompletableFuture<?>> inFlight = ConcurrentHashMap.newKeySet();
    private volatile List<McpSchema.Tool> tools = List.of();

    private final Consumer<List<McpSchema.Tool>> listed;

    /** @param listed told the tool list after each start (to keep it for a lazy start) */
    McpServer(ServerConfig config, McpJsonMapper json, JsonSchemaValidator validator, McpSchema.Implementation client,
              Consumer<List<McpSchema.Tool>> listed) {
        this.config = config;
        this.listed = listed;
        this.json = json;
        this.validator = validator;
        this.client = client;
    }

    ServerConfig config() {
        return config;
    }

    State state() {
        return state;
    }

    Optional<String> problem() {
        return Optional.ofNullable(problem);
    }

    List<McpSchema.Tool> tools() {
        return tools;
    }

    /** The tools of a server not started yet, known from its last start; it starts at the first call. */
    synchronized void known(List<McpSchema.Tool> cached) {
        if (state == State.NEW) {
            tools = List.copyOf(cached);
        }
    }

    /** Connects and lists the tools, unless ready already. Returns whether the server is ready. */
    synchronized boolean start() {
        if (state == State.READY || state == State.CLOSED) {
            return state == State.READY;
        }
        state = State.STARTING;
        synchronized (stderr) {
            stderr.clear();
        }
        exited = new CompletableFuture<>();
        try {
            if (config.command().isPresent()) {
                tools = connect(stdio());
            } else {
                tools = connectOverHttp();
            }
            state = State.READY;
            problem = null;
            listed.accept(tools);
            return true;
        } catch (RuntimeException e) {
            fail(describe(e));
            return false;
        }
    }

    /** Opens a session over {@code transport} and lists the server's tools, within the timeout. */
    private List<McpSchema.Tool> connect(McpClientTransport transport) {
        cancelling = new CancellingTransport(transport);
        session = McpClient.async(cancelling).requestTimeout(config.timeout()).initializationTimeout(config.timeout())
                .clientInfo(client).jsonSchemaValidator(validator).build();
        McpAsyncClient starting = session;
        return await(starting.initialize().then(Mono.defer(starting::listTools)).map(McpSchema.ListToolsResult::tools)
                .toFuture(), Optional.empty(), "did not start and list its tools");
    }

    /**
     * Streamable HTTP, and server-sent events (the older HTTP transport, at the same URL) when the
     * server answers but not in streamable HTTP.
     */
    private List<McpSchema.Tool> connectOverHttp() {
        try {
            return connect(http());
        } catch (RuntimeException streamable) {
            String why = describe(streamable);
            if (why.startsWith("cannot be reached") || timedOut(streamable) || why.contains("within ")) {
                throw new Unavailable(why);
            }
            stop();
            try {
                List<McpSchema.Tool> listed = connect(sse());
                log.debug("MCP server '{}' speaks server-sent events, not streamable HTTP ({})", config.name(), why);
                return listed;
            } catch (RuntimeException events) {
                throw new Unavailable(why + "; nor as server-sent events: " + describe(events));
            }
        }
    }

    /**
     * Calls a tool, connecting again first if the server failed or broke.
     *
     * @throws Unavailable when the server cannot be started, breaks during the call, or does not
     *                     answer within its timeout
     * @throws CancellationException when {@code cancellation} fires first
     */
    McpSchema.CallToolResult call(String tool, Map<String, Object> arguments, CancellationSignal cancellation) {
        McpAsyncClient current;
        CancellingTransport transport;
        synchronized (this) {
            if (state != State.READY && !start()) {
                throw new Unavailable("MCP server '" + config.name() + "' is not available: " + problem);
            }
            current = session;
            transport = cancelling;
        }
        if (cancellation.isCancelled()) {
            throw new CancellationException("cancelled before the call was sent");
        }
        String token = UUID.randomUUID().toString();
        CompletableFuture<McpSchema.CallToolResult> result = current.callTool(new McpSchema.CallToolRequest(tool,
                arguments, Map.of(CancellingTransport.TOKEN, token))).toFuture();
        try (CancellationSignal.Registration ignored = cancellation.onCancel(() -> transport.cancel(token,
                cancellation.reason().orElse("the run was cancelled")))) {
            return await(result, Optional.of(cancellation), "did not answer the call of " + tool);
        } finally {
            transport.ended(token);
        }
    }

    /** Waits for {@code pending} within the timeout, failing at once if the process exits or the run is cancelled. */
    private <T> T await(CompletableFuture<T> pending, Optional<CancellationSignal> cancellation, String slow) {
        inFlight.add(pending);
        CompletableFuture<Integer> exit = exited;
        if (exit.isDone()) {
            exitedDuring(pending, exit.join());
        }
        try (CancellationSignal.Registration ignored = cancellation.map(c -> c.onCancel(() -> pending.cancel(true)))
                .orElse(() -> { })) {
            return pending.get(config.timeout().toMillis() + 500, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            pending.cancel(true);
            Unavailable slowly = new Unavailable(slow + " within " + config.timeout().toMillis() + " ms"
                    + stderrTail());
            breakDown(slowly.getMessage());
            throw slowly;
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (timedOut(cause)) {
                Unavailable slowly = new Unavailable(slow + " within " + config.timeout().toMillis() + " ms"
                        + stderrTail());
                breakDown(slowly.getMessage());
                throw slowly;
            }
            if (cause instanceof McpError error) {
                throw error; // the server answered with an error: the connection is fine
            }
            Unavailable broken = cause instanceof Unavailable u ? u : exitBehind(cause)
                    .orElseGet(() -> new Unavailable(describe(cause)));
            breakDown(broken.getMessage());
            throw broken;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            pending.cancel(true);
            throw new CancellationException("interrupted");
        } finally {
            inFlight.remove(pending);
        }
    }

    /** The connection cannot go on (the transport says why): every request waiting fails with that. */
    private void brokeDown(String why) {
        inFlight.forEach(pending -> pending.completeExceptionally(new Unavailable(why)));
    }

    /**
     * A write or read that failed because the server's process is gone (a broken pipe) is said as the
     * exit it is: the process's exit is waited for a moment, as it may be reported just after the
     * pipe broke.
     */
    private Optional<Unavailable> exitBehind(Throwable cause) {
        boolean io = false;
        for (Throwable t = cause; t != null && !io; t = t.getCause() == t ? null : t.getCause()) {
            io = t instanceof java.io.IOException;
        }
        if (config.command().isEmpty() || !io) {
            return Optional.empty();
        }
        try {
            int code = exited.get(2, TimeUnit.SECONDS);
            return Optional.of(new Unavailable("exited with code " + code + stderrTail()));
        } catch (TimeoutException | ExecutionException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /** Fails a request still waiting for a process that exited. */
    private void exitedDuring(CompletableFuture<?> pending, int code) {
        pending.completeExceptionally(new Unavailable("exited with code " + code + stderrTail()));
    }

    private static boolean timedOut(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof TimeoutException) {
                return true;
            }
        }
        return false;
    }

    private synchronized void breakDown(String why) {
        if (state == State.READY) {
            fail(why);
        }
    }

    private void fail(String why) {
        problem = why;
        state = State.FAILED;
        log.debug("MCP server '{}' failed: {}", config.name(), why);
        stop();
    }

    private McpClientTransport stdio() {
        String command = config.command().orElseThrow();
        if (!runnable(command)) {
            throw new Unavailable("could not be started: there is no program " + command + (command.contains("/")
                    ? "" : " on the PATH") + "; check mcp.servers." + config.name() + ".command");
        }
        ServerParameters parameters = ServerParameters.builder(config.command().orElseThrow()).args(config.args())
                .env(config.env()).build();
        stdio = new StdioTransport(parameters, json, this::rememberStderr, line -> log.warn("MCP server '{}' wrote "
                + "a line on stdout that is not JSON-RPC, skipped: '{}' (a server writes only protocol messages "
                + "there; its logs belong on stderr)", config.name(), line), this::brokeDown);
        // The process starts when the client connects: watch for it, and for its exit.
        Thread.ofVirtual().name("mcp-watch-" + config.name()).start(() -> watch(stdio, exited));
        return stdio;
    }

    /** Whether {@code command} names an executable file, itself or on the PATH the server gets. */
    private static boolean runnable(String command) {
        if (command.contains("/")) {
            return Files.isExecutable(Path.of(command));
        }
        String path = System.getenv().getOrDefault("PATH", "");
        for (String folder : path.split(File.pathSeparator)) {
            if (!folder.isEmpty() && Files.isExecutable(Path.of(folder, command))) {
                return true;
            }
        }
        return false;
    }

    private McpClientTransport http() {
        URI url = config.url().orElseThrow();
        String base = url.getScheme() + "://" + url.getRawAuthority();
        String path = url.getRawPath() == null || url.getRawPath().isEmpty() ? "/mcp" : url.getRawPath()
                + (url.getRawQuery() == null ? "" : "?" + url.getRawQuery());
        return HttpClientStreamableHttpTransport.builder(base).endpoint(path).jsonMapper(json)
                .connectTimeout(config.timeout())
                .httpRequestCustomizer((builder, method, uri, body, context) -> config.headers().forEach(builder::header))
                .build();
    }

    private McpClientTransport sse() {
        URI url = config.url().orElseThrow();
        return HttpClientSseClientTransport.builder(url.getScheme() + "://" + url.getRawAuthority())
                .sseEndpoint(url.getRawPath() == null || url.getRawPath().isEmpty() ? "/sse" : url.getRawPath())
                .jsonMapper(json).connectTimeout(config.timeout())
                .httpRequestCustomizer((builder, method, uri, body, context) -> config.headers().forEach(builder::header))
                .build();
    }

    private void watch(StdioTransport transport, CompletableFuture<Integer> exit) {
        long deadline = System.nanoTime() + config.timeout().toNanos();
        while (System.nanoTime() < deadline && state != State.CLOSED) {
            Optional<Process> process = transport.process();
            if (process.isPresent()) {
                process.get().onExit().thenAccept(p -> {
                    exit.complete(p.exitValue());
                    if (exit == exited) { // not a process this server has replaced since
                        inFlight.forEach(pending -> exitedDuring(pending, p.exitValue()));
                    }
                });
                return;
            }
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void rememberStderr(String line) {
        synchronized (stderr) {
            stderr.addLast(line);
            while (stderr.size() > STDERR_LINES) {
                stderr.removeFirst();
            }
        }
    }

    private String stderrTail() {
        synchronized (stderr) {
            return stderr.isEmpty() ? "" : "; its last words on stderr: " + String.join(" | ", stderr);
        }
    }

    private String describe(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root && !(root instanceof Unavailable)) {
            root = root.getCause();
        }
        if (root instanceof Unavailable) {
            return root.getMessage();
        }
        String message = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
        if (config.command().isPresent() && message.contains("Failed to start process")) {
            return "could not be started: " + config.command().get() + " (" + message.replaceFirst(".*?: ", "")
                    + "); check mcp.servers." + config.name() + ".command";
        }
        if (config.command().isPresent() && root instanceof IOException io && io.getMessage() != null
                && io.getMessage().contains("error=2")) {
            return "could not be started: there is no program " + config.command().get() + "; check mcp.servers."
                    + config.name() + ".command";
        }
        if (config.url().isPresent() && root instanceof IOException) {
            return "cannot be reached at " + config.url().get() + " (" + root.getClass().getSimpleName()
                    + (root.getMessage() == null ? "" : ": " + root.getMessage()) + "); is the server running there?";
        }
        return message + stderrTail();
    }

    /** Stops the connection and, for a stdio server, its process. */
    private void stop() {
        StdioTransport running = stdio;
        // Taken before stdin closes: a server that then exits leaves its children (detached ones
        // too) to init, where they are no longer its descendants.
        List<ProcessHandle> children = running == null ? List.of()
                : running.process().map(p -> p.descendants().toList()).orElse(List.of());
        McpAsyncClient current = session;
        session = null;
        if (current != null) {
            try {
                current.closeGracefully().block(STOP_GRACE);
            } catch (RuntimeException e) {
                current.close();
            }
        }
        StdioTransport transport = stdio;
        stdio = null;
        if (transport != null) {
            transport.process().ifPresent(McpServer::terminate);
        }
        children.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
    }

    private static void terminate(Process process) {
        process.descendants().forEach(ProcessHandle::destroy);
        process.destroy();
        try {
            if (!process.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly().waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public synchronized void close() {
        state = State.CLOSED;
        stop();
    }

    /** The server cannot serve: it failed to start, broke, or did not answer in time. */
    static final class Unavailable extends RuntimeException {
        Unavailable(String message) {
            super(message);
        }
    }
}
