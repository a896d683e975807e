package io.agentloop.server.a2a;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code MessageSendParams} of {@code message/send} and {@code message/stream} (in 1.0, the
 * {@code SendMessageRequest} of {@code SendMessage} and {@code SendStreamingMessage}), read for a run:
 * the message's text parts are the task; its {@code contextId} names the session to continue;
 * {@code metadata.agent} names the agent profile (a skill of the card); {@code configuration.blocking}
 * false (in 1.0, {@code configuration.returnImmediately} true) answers before the run ends. 0.3 tags
 * a text part {@code "kind": "text"} and the sender {@code "role": "user"}; 1.0 knows a text part by
 * its {@code text} and writes the sender {@code ROLE_USER}.
 *
 * @param task the text parts, joined by new lines
 * @param context the session to continue, if any
 * @param taskId the task the message is for, if it names one
 * @param agent the agent profile, if named
 * @param blocking whether {@code message/send} waits for the run to end or pause
 */
record MessageParams(String task, Optional<String> context, Optional<String> taskId, Optional<String> agent,
                     boolean blocking) {

    /**
     * @throws RpcError -32602 naming what is missing or wrong, -32005 for a part that is not text
     */
    static MessageParams read(RpcRequest request, ProtocolVersion version) {
        ObjectNode params = request.params();
        JsonNode message = params.get("message");
        if (message == null || !message.isObject()) {
            throw request.error(RpcError.INVALID_PARAMS, "Invalid params: 'params.message' is missing: send the "
                    + "message as an object with role, parts and messageId");
        }
        String user = version == ProtocolVersion.V0_3 ? "user" : "ROLE_USER";
        if (!message.path("role").isString() || !message.get("role").asString().equals(user)) {
            throw request.error(RpcError.INVALID_PARAMS, "Invalid params: 'message.role' must be \"" + user + "\" "
                    + "in A2A " + version.number());
        }
        if (!message.path("messageId").isString() || message.get("messageId").asString().isBlank()) {
            throw request.error(RpcError.INVALID_PARAMS, "Invalid params: 'message.messageId' is missing: give "
                    + "the message an id (a string)");
        }
        JsonNode parts = message.get("parts");
        if (parts == null || !parts.isArray() || parts.isEmpty()) {
            throw request.error(RpcError.INVALID_PARAMS, "Invalid params: 'message.parts' must be a list with at "
                    + "least one text part");
        }
        List<String> texts = new ArrayList<>();
        for (JsonNode part : parts) {
            String kind = kind(part, version);
            if (!kind.equals("text")) {
                throw request.error(RpcError.CONTENT_TYPE_NOT_SUPPORTED, "Incompatible content types: this agent "
                        + "takes text parts only, not a part of kind '" + kind + "': send the task as text");
            }
            if (!part.path("text").isString()) {
                throw request.error(RpcError.INVALID_PARAMS, "Invalid params: a text part's 'text' must be a string");
            }
            texts.add(part.get("text").asString());
        }
        String task = String.join("\n", texts);
        if (task.isBlank()) {
            throw request.error(RpcError.INVALID_PARAMS, "Invalid params: the message's text is empty: say what "
                    + "the agent should do");
        }
        JsonNode configuration = params.path("configuration");
        boolean blocking = switch (version) {
            case V0_3 -> !configuration.path("blocking").isBoolean() || configuration.get("blocking").asBoolean();
            case V1_0 -> !configuration.path("returnImmediately").asBoolean(false);
        };
        return new MessageParams(task, text(request, message, "contextId"), text(request, message, "taskId"),
                text(request, params.path("metadata"), "agent"), blocking);
    }

    /** A part's kind: 0.3 names it; a 1.0 part is known by the one field it has of text, raw, url and data. */
    private static String kind(JsonNode part, ProtocolVersion version) {
        return switch (version) {
            case V0_3 -> part.path("kind").asString("");
            case V1_0 -> Stream.of("text", "raw", "url", "data").filter(part::has).findFirst().orElse("");
        };
    }

    private static Optional<String> text(RpcRequest request, JsonNode object, String field) {
        JsonNode value = object.get(field);
        if (value == null || value.isNull()) {
            return Optional.empty();
        }
        if (!value.isString() || value.asString().isBlank()) {
            throw request.error(RpcError.INVALID_PARAMS, "Invalid params: '" + field + "' must be a non-empty string");
        }
        return Optional.of(value.asString());
    }
}
