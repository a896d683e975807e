package io.agentloop.api.permission;

/** What a permission rule says about a call. When several apply, the strictest wins. */
public enum Decision {
    /** The call runs. */
    ALLOW,
    /** A person must approve the call; with no one to ask, it is denied. */
    ASK,
    /** The call does not run; the model gets a "denied by policy" result. */
    DENY;

    /** The stricter of the two: deny before ask before allow. */
    public Decision stricter(Decision other) {
        return compareTo(other) >= 0 ? this : other;
    }
}
