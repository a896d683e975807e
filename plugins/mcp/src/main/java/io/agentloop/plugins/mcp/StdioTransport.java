package io.agentloop.plugins.mcp;

import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import reactor.core.publisher.Mono;

/**
 * A stdio MCP server as a client transport: one JSON-RPC message per line each way. The server's
 * environment is an allow-list (the SDK's defaults and the configured {@code env}). What a server
 * may get wrong is said in one sentence, not as the SDK's stack traces: a line on stdout that is
 * not JSON-RPC (a banner, a log line) is skipped and reported once; a message longer than
 * {@link #MAX_MESSAGE} characters ends the connection, with that as the reason. The process is
 * reachable, for stopping it and for noticing that it exited; it starts tethered to the launcher
 * ({@link TetheredStart}), so neither it nor its children outlive it.
 */
final class StdioTransport implements McpClientTransport {
    /** The longest message taken from a server, in characters: a bigger one is a result too large to use. */
    static final int MAX_MESSAGE = 16 * 1024 * 1024;

    private final ServerParameters parameters;
    private final McpJsonMapper json;
    private final Consumer<String> stderr;
    private final Consumer<String> notJson;
    private final Consumer<String> broken;
    private volatile Process process;
    private volatile boolean closing;

    /**
     * @param stderr  each line the server writes to stderr
     * @param notJson told once the first line on stdout that is not JSON-RPC
     * @param broken  told why the connection cannot go on (the server then should be stopped)
     */
    StdioTransport(ServerParameters parameters, McpJsonMapper json, Consumer<String> stderr, Consumer<String> notJson,
                   Consumer<String> broken) {
        this.parameters = parameters;
        this.json = json;
        this.stderr = stderr;
        this.notJson = notJson;
        this.broken = broken;
    }

    Optional<Process> process() {
        return Optional.ofNullable(process);
    }

    @Override
    public Mono<Void> connect(Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
        return Mono.fromRunnable(() -> {
            List<String> command = new ArrayList<>();
            command.add(parameters.getCommand());
            command.addAll(parameters.getArgs());
            try {
                process = TetheredStart.start(command, parameters.getEnv());
            } catch (IOException e) {
                throw new UncheckedIOException("Failed to start process with command: " + command, e);
            }
            Process started = process;
            Thread.ofVirtual().name("mcp-stdout").start(() -> readMessages(started, handler));
            Thread.ofVirtual().name("mcp-stderr").start(() -> readStderr(started));
        });
    }

    private void readMessages(Process from, Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
        boolean told = false;
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(from.getInputStream(),
                StandardCharsets.UTF_8))) {
            while (!closing) {
                String line;
                try {
                    line = readLine(reader);
                } catch (TooLong e) {
                    // said before the reader closes: the server dies of the closed pipe right after
                    broken.accept("sent a message of more than " + MAX_MESSAGE / (1024 * 1024) + " MB on stdout, "
                            + "more than a client takes at once (a tool result that large is better read in parts)");
                    return;
                }
                if (line == null) {
                    return;
                }
                if (line.isBlank()) {
                    continue;
                }
                McpSchema.JSONRPCMessage message;
                try {
                    message = McpSchema.deserializeJsonRpcMessage(json, line);
                } catch (IOException | RuntimeException e) {
                    if (!told) {
                        told = true;
                        notJson.accept(line.length() > 80 ? line.substring(0, 80) + "..." : line);
                    }
                    continue;
                }
                handler.apply(Mono.just(message)).subscribe(ignored -> {
                }, error -> {
                });
            }
        } catch (IOException e) {
            // the process ended or was stopped: its exit is what is reported
        }
    }

    /** A line of at most {@link #MAX_MESSAGE} characters, or null at the end of the stream. */
    private static String readLine(BufferedReader reader) throws IOException {
        StringBuilder line = new StringBuilder();
        int c;
        while ((c = reader.read()) != -1) {
            if (c == '\n') {
                return line.toString();
            }
            if (c != '\r') {
                if (line.length() >= MAX_MESSAGE) {
                    throw new TooLong();
                }
                line.append((char) c);
            }
        }
        return line.isEmpty() ? null : line.toString();
    }

    private void readStderr(Process from) {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(from.getErrorStream(),
                StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                stderr.accept(line);
            }
        } catch (IOException e) {
            // the process ended
        }
    }

    @Override
    public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
        return Mono.fromRunnable(() -> {
            Process to = process;
            if (to == null || closing) {
                throw new IllegalStateException("the server's process is not running");
            }
            try {
                byte[] line = (json.writeValueAsString(message) + "\n").getBytes(StandardCharsets.UTF_8);
                OutputStream stdin = to.getOutputStream();
                synchronized (this) {
                    stdin.write(line);
                    stdin.flush();
                }
            } catch (IOException e) {
                throw new UncheckedIOException("could not write to the server's stdin", e);
            }
        });
    }

    /** Closes the server's stdin (a server ends then); stopping the process is the owner's. */
    @Override
    public Mono<Void> closeGracefully() {
        return Mono.fromRunnable(() -> {
            closing = true;
            Process running = process;
            if (running != null) {
                try {
                    running.getOutputStream().close();
                } catch (IOException e) {
                    // already closed
                }
            }
        });
    }

    @Override
    public <T> T unmarshalFrom(Object data, TypeRef<T> typeRef) {
        return json.convertValue(data, typeRef);
    }

    /** A line longer than a message may be. */
    private static final class TooLong extends IOException {
        TooLong() {
            super(null, null);
        }
    }
}
