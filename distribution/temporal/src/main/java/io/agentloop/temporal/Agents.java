package io.agentloop.temporal;

import io.agentloop.core.Agent;
import io.agentloop.core.SubAgents;
import java.nio.file.Path;
import java.util.Optional;

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

    /**
     * The agent of this name working in a run's own workspace (empty: the worker's own).
     *
     * @throws IllegalArgumentException when there is none, or the worker may not work there
     */
    default Agent agent(String name, Optional<Path> workspace) {
        return agent(name);
    }

    /**
     * The agent of a name, or of a sub-agent's path ({@code default/reviewer}: the profile
     * {@code reviewer} of {@code default}'s sub-agents), as a run's child workflow names it.
     *
     * @throws IllegalArgumentException when there is none
     */
    default Agent resolve(String name) {
        return resolve(name, Optional.empty());
    }

    /** As {@link #resolve(String)}, working in a run's own workspace (empty: the worker's own). */
    default Agent resolve(String name, Optional<Path> workspace) {
        int slash = name.lastIndexOf('/');
        if (slash < 0) {
            return agent(name, workspace);
        }
        String parent = name.substring(0, slash);
        String profile = name.substring(slash + 1);
        return SubAgents.child(resolve(parent, workspace), profile).orElseThrow(() -> new IllegalArgumentException(
                "agent '" + parent + "' has no sub-agent '" + profile + "'"));
    }
}
