package io.agentloop.api.model;

/**
 * A failure that retrying will not fix: a bad request (400, 422), bad credentials (401, 403), an
 * unknown model (404). The message names the provider, the HTTP status and the provider's own
 * error text, so the user can fix the request or the configuration.
 */
public non-sealed class NonRetryableModelException extends ModelException {
    private static final long serialVersionUID = 1L;

    public NonRetryableModelException(String message) {
        super(message, null);
    }

    public NonRetryableModelException(String message, Throwable cause) {
        super(message, cause);
    }
}
