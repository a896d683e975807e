package io.agentloop.core.loop;

import io.agentloop.api.run.AgentState;

/** The handler of one state of the outer loop: does its work and names the next state. */
@FunctionalInterface
interface Step {
    AgentState apply(Run run);
}
