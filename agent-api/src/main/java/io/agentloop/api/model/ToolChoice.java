package io.agentloop.api.model;

/** Whether the model may, must or must not call tools on this turn. */
public enum ToolChoice {
    /** The model decides. */
    AUTO,
    /** The model must call at least one tool. */
    REQUIRED,
    /** The model must answer without calling tools. */
    NONE
}
