package io.agentloop.temporal;

import io.agentloop.core.Agent;

/**
 * The agents a worker runs, by name: the same on every worker of a task queue (the installation's
 * configuration), since any of them may carry out any step of a run.
 */
@FunctionalInterface
public interface Agents {

    /**
     * The agent of this name.
     *
     * @throws IllegalArgumentException when there is none; the message names the known ones
     */
    Agent agent(String name);
}
