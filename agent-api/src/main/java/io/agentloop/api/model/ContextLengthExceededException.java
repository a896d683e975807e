package io.agentloop.api.model;

/**
 * The request did not fit the model's context window. Not retryable as it is; the platform may
 * compact the conversation and try once more.
 */
public final class ContextLengthExceededException extends NonRetryableModelException {
    private static final long serialVersionUID = 1L;

    public ContextLengthExceededException(String message, Throwable cause) {
        super(message, cause);
    }
}
