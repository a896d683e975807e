package io.agentloop.plugins.mcp;

import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Function;
import reactor.core.publisher.Mono;

/**
 * A client transport that can tell the server a tool call was cancelled. The SDK keeps JSON-RPC
 * request ids to itself, so each call carries a token in its {@code _meta}; this transport notes
 * the id of the request that carries it as the request goes out, and {@link #cancel} sends
 * {@code notifications/cancelled} for that id.
 */
final class CancellingTransport implements McpClientTransport {
    static final String TOKEN = "io.agentloop/call";

    private final McpClientTransport inner;
    private final Map<String, Object> requests = new ConcurrentHashMap<>();

    CancellingTransport(McpClientTransport inner) {
        this.inner = inner;
    }

    /** Tells the server to stop the call with this token, if it was sent and has not ended. */
    void cancel(String token, String reason) {
        Object id = requests.remove(token);
        if (id != null) {
            inner.sendMessage(new McpSchema.JSONRPCNotification(McpSchema.JSONRPC_VERSION,
                    "notifications/cancelled", Map.of("requestId", id, "reason", reason))).subscribe(ignored -> {
                    }, error -> {
                    });
        }
    }

    /** The call with this token ended: nothing to cancel any more. */
    void ended(String token) {
        requests.remove(token);
    }

    @Override
    public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
        if (message instanceof McpSchema.JSONRPCRequest request
                && McpSchema.METHOD_TOOLS_CALL.equals(request.method())
                && request.params() instanceof McpSchema.CallToolRequest call && call.meta() != null
                && call.meta().get(TOKEN) instanceof String token) {
            requests.put(token, request.id());
        }
        return inner.sendMessage(message);
    }

    @Override
    public Mono<Void> connect(Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
        return inner.connect(handler);
    }

    @Override
    public void setExceptionHandler(Consumer<Throwable> handler) {
        inner.setExceptionHandler(handler);
    }

    @Override
    public Mono<Void> closeGracefully() {
        return inner.closeGracefully();
    }

    @Override
    public void close() {
        inner.close();
    }

    @Override
    public <T> T unmarshalFrom(Object data, TypeRef<T> typeRef) {
        return inner.unmarshalFrom(data, typeRef);
    }

    @Override
    public List<String> protocolVersions() {
        return inner.protocolVersions();
    }
}
