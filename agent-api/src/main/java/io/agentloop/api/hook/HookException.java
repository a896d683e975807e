package io.agentloop.api.hook;

import io.agentloop.api.AgentException;

/**
 * A hook or interceptor failed or broke its contract. The message names the hook (its
 * {@link Hook#name()}) and the phase, so the user knows which extension to fix or disable.
 */
public final class HookException extends AgentException {
    private static final long serialVersionUID = 1L;
    private final String hookName;

    public HookException(String hookName, String message, Throwable cause) {
        super(message, cause);
        this.hookName = hookName;
    }

    /** The {@link Hook#name()} of the offending hook. */
    public String hookName() {
        return hookName;
    }
}
