package io.agentloop.server.a2a;

import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A JSON-RPC error the A2A endpoint answers with: the specification's code, a message that names what
 * was wrong and what to do, and the id of the request it answers (null when the request had none that
 * could be read). Thrown while a call is read or carried out; the endpoint turns it into a response.
 */
final class RpcError extends RuntimeException {
    /** JSON-RPC 2.0's codes, and A2A's own (specification section 8). */
    static final int PARSE_ERROR = -32700;
    static final int INVALID_REQUEST = -32600;
    static final int METHOD_NOT_FOUND = -32601;
    static final int INVALID_PARAMS = -32602;
    static final int INTERNAL_ERROR = -32603;
    /** Server-defined: the server refused the run now (a session in use, the caller's run limit). */
    static final int REFUSED = -32000;
    static final int TASK_NOT_FOUND = -32001;
    static final int TASK_NOT_CANCELABLE = -32002;
    static final int UNSUPPORTED_OPERATION = -32004;
    static final int CONTENT_TYPE_NOT_SUPPORTED = -32005;
    /** A2A 1.0's: the {@code A2A-Version} header names a version this agent does not speak. */
    static final int VERSION_NOT_SUPPORTED = -32009;

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final int code;
    private final JsonNode id;
    private final Optional<JsonNode> data;

    RpcError(int code, String message, JsonNode id) {
        this(code, message, id, Optional.empty());
    }

    RpcError(int code, String message, JsonNode id, Optional<JsonNode> data) {
        super(message);
        this.code = code;
        this.id = id;
        this.data = data;
    }

    int code() {
        return code;
    }

    /** The JSON-RPC error response. */
    ObjectNode response() {
        ObjectNode node = JSON.createObjectNode().put("jsonrpc", "2.0");
        node.set("id", id);
        ObjectNode error = node.putObject("error").put("code", code).put("message", getMessage());
        data.ifPresent(value -> error.set("data", value));
        return node;
    }

    /** The id of a request that had none, or none that could be read. */
    static JsonNode noId() {
        return JsonNodeFactory.instance.nullNode();
    }
}
