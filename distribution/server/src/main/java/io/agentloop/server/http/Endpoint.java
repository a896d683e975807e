package io.agentloop.server.http;

import io.agentloop.server.run.Caller;

/**
 * A route beside the API's own (the Agent2Agent protocol's): the server checks the caller (when
 * {@link #open()} is false), counts the request and reads the body within the limit first.
 */
public interface Endpoint {
    String method();

    String path();

    /** Whether anyone may call it without a token (an agent card is public). */
    default boolean open() {
        return false;
    }

    /** Answers a call of {@code caller}, with the body read already. */
    Reply handle(Call call, Caller caller, byte[] body);
}
