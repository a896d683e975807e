package io.agentloop.api.model;

import io.agentloop.api.AgentException;

/**
 * A model call failed. Sealed into the two kinds the platform acts on differently:
 * {@link RetryableModelException} leads to a retry with backoff, {@link NonRetryableModelException}
 * ends the call at once. Providers classify in one place (an HTTP status mapper), never by
 * parsing messages later.
 */
public abstract sealed class ModelException extends AgentException
        permits RetryableModelException, NonRetryableModelException {
    private static final long serialVersionUID = 1L;

    protected ModelException(String message, Throwable cause) {
        super(message, cause);
    }
}
