package io.agentloop.api.message;

import java.util.Objects;
import java.util.Optional;

/**
 * A request from the model to run a tool.
 *
 * <p>The arguments are kept as the raw JSON text the model produced, even when it is not valid
 * JSON: the conversation must be sent back to the provider as it was, and the platform (not the
 * provider) decides that bad arguments become an error result for the model. The platform parses
 * and validates them against the tool's schema before the tool runs.
 *
 * @param id        the provider's id for this call; tool results refer to it. Never blank.
 * @param name      the tool's name as the model wrote it (it may name no known tool)
 * @param arguments the arguments as JSON text, usually an object; never null, may be empty
 * @param signature an opaque provider signature tied to this call (Gemini's thought signature)
 */
public record ToolCall(String id, String name, String arguments, Optional<String> signature)
        implements ContentBlock {
    public ToolCall {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(arguments, "arguments");
        Objects.requireNonNull(signature, "signature");
        if (id.isBlank()) {
            throw new IllegalArgumentException("a tool call needs an id");
        }
    }

    public static ToolCall of(String id, String name, String arguments) {
        return new ToolCall(id, name, arguments, Optional.empty());
    }

    /** The same call with other arguments (used by pre-acting hooks). */
    public ToolCall withArguments(String newArguments) {
        return new ToolCall(id, name, newArguments, signature);
    }
}
