package io.agentloop.api;

/**
 * The root of every exception Agentloop throws. Unchecked.
 *
 * <p>Subtypes live next to their concept: {@code ModelException} (and its retryable and
 * non-retryable kinds) in {@code io.agentloop.api.model}, {@code HookException} in
 * {@code io.agentloop.api.hook}. Messages are written for the person who has to act on them: they
 * name what failed (the provider, the hook, the tool) and, where there is one, what to do next.
 */
public class AgentException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public AgentException(String message) {
        super(message);
    }

    public AgentException(String message, Throwable cause) {
        super(message, cause);
    }
}
