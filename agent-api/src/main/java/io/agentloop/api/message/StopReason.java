package io.agentloop.api.message;

/** Why the model stopped producing output, normalised across providers. */
public enum StopReason {
    /** The model finished its turn. */
    END_TURN,
    /** The model stopped to have tools run. */
    TOOL_CALLS,
    /** The output hit the token limit: the message may be cut off. */
    MAX_TOKENS,
    /** A stop sequence was produced. */
    STOP_SEQUENCE,
    /** The provider filtered the output. */
    CONTENT_FILTER,
    /** The provider gave a reason this enum does not know. */
    OTHER
}
