package io.agentloop.core.engine;

/** The engine's service could not be reached; the message says where it looked and what to do. */
public final class EngineUnavailableException extends RuntimeException {
    public EngineUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
