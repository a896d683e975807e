package io.agentloop.api.message;

/** Who a message is from. Wire formats map these to their own role names. */
public enum Role {
    SYSTEM, USER, ASSISTANT, TOOL
}
