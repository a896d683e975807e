package io.agentloop.core.hook;

import io.agentloop.api.hook.HookException;

/**
 * Carries a failed "after" hook outward through the chain together with the last good value, so
 * that every outer "after" hook still runs on it; the chain's entry turns it back into the first
 * {@link HookException} (later ones suppressed). Never escapes the hook package.
 */
final class AfterHookFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final HookException first;
    private final transient Object value;

    private AfterHookFailure(HookException first, Object value) {
        super(first.getMessage(), null, false, false);
        this.first = first;
        this.value = value;
    }

    static AfterHookFailure of(HookException failure, Object value) {
        return new AfterHookFailure(failure, value);
    }

    AfterHookFailure and(HookException another, Object newValue) {
        if (another != null) {
            first.addSuppressed(another);
        }
        return new AfterHookFailure(first, newValue);
    }

    @SuppressWarnings("unchecked")
    <T> T value() {
        return (T) value;
    }

    HookException failure() {
        return first;
    }
}
