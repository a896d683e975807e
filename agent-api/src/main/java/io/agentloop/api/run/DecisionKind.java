package io.agentloop.api.run;

/**
 * What follows a model turn, as a {@link DecisionPolicy} decides it and the {@code decision} event
 * reports it. It lives beside the policy, not in the event, so that the run's values do not depend on
 * the events that report them.
 */
public enum DecisionKind {
    /** Go on with the next iteration. */
    CONTINUE,
    /** Compact the conversation, then go on. */
    COMPACT,
    /** End the run, for the decision's stop reason. */
    STOP
}
