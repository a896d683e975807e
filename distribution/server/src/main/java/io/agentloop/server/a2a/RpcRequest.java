package io.agentloop.server.a2a;

import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * One JSON-RPC 2.0 request as A2A sends it: {@code jsonrpc} "2.0", an {@code id} (a string or a
 * number), a {@code method} and its {@code params} object.
 */
record RpcRequest(JsonNode id, String method, ObjectNode params) {
    private static final JsonMapper STRICT = JsonMapper.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    /**
     * Reads a request body.
     *
     * @throws RpcError -32700 when it is not JSON, -32600 when it is not a JSON-RPC request, -32602 when
     *         its params are not an object
     */
    static RpcRequest read(byte[] body) {
        JsonNode node;
        try {
            node = STRICT.readTree(body);
        } catch (JacksonException e) {
            throw new RpcError(RpcError.PARSE_ERROR, "Parse error: the request is not well-formed JSON: "
                    + e.getOriginalMessage(), RpcError.noId());
        }
        if (node == null || node.isMissingNode()) {
            throw new RpcError(RpcError.INVALID_REQUEST, "Invalid Request: the body is empty: send a JSON-RPC 2.0 "
                    + "request object", RpcError.noId());
        }
        if (node.isArray()) {
            throw new RpcError(RpcError.INVALID_REQUEST, "Invalid Request: batches are not supported: send one "
                    + "request object per HTTP request", RpcError.noId());
        }
        if (!node.isObject()) {
            throw new RpcError(RpcError.INVALID_REQUEST, "Invalid Request: the body must be a JSON-RPC 2.0 request "
                    + "object", RpcError.noId());
        }
        JsonNode id = node.get("id");
        if (id == null || !(id.isString() || id.isIntegralNumber())) {
            throw new RpcError(RpcError.INVALID_REQUEST, "Invalid Request: 'id' must be a string or an integer"
                    + (id == null ? " and is missing" : ""), RpcError.noId());
        }
        if (!node.path("jsonrpc").isString() || !node.get("jsonrpc").asString().equals("2.0")) {
            throw new RpcError(RpcError.INVALID_REQUEST, "Invalid Request: 'jsonrpc' must be \"2.0\"", id);
        }
        JsonNode method = node.get("method");
        if (method == null || !method.isString() || method.asString().isBlank()) {
            throw new RpcError(RpcError.INVALID_REQUEST, "Invalid Request: 'method' must be a string such as "
                    + "\"message/send\"", id);
        }
        JsonNode params = node.get("params");
        if (params != null && !params.isObject()) {
            throw new RpcError(RpcError.INVALID_PARAMS, "Invalid params: 'params' must be an object", id);
        }
        return new RpcRequest(id, method.asString(), params == null ? STRICT.createObjectNode() : (ObjectNode) params);
    }

    /** A successful response to this request. */
    ObjectNode result(JsonNode result) {
        ObjectNode node = STRICT.createObjectNode().put("jsonrpc", "2.0");
        node.set("id", id);
        node.set("result", result);
        return node;
    }

    /** An error answering this request. */
    RpcError error(int code, String message) {
        return new RpcError(code, message, id);
    }
}
