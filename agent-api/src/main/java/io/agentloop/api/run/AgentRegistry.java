package io.agentloop.api.run;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The agents running in a process and the state each is in (seed 002's agent state manager), so
 * that an operator or a program can see what every top-level run, sub-agent, plan step and hub
 * participant is doing without listening to each run's events. A session groups the agents that
 * work for one task: a top-level run with its sub-agents, or a plan-and-solve or hub session with
 * every run it starts. Entries of finished agents are kept only for a bounded while.
 *
 * <p>Any thread may read it while runs change it; what it returns is never null and is a copy, not
 * a live view. A session is settled (its plan or hub may end) when each of its agents has completed
 * or failed:
 *
 * <pre>{@code
 * for (AgentRegistry.Entry agent : registry.session(session)) {
 *     System.out.println(agent.name() + " " + agent.state() + " since " + agent.changedAt());
 * }
 * boolean done = registry.settled(session);
 * }</pre>
 */
public interface AgentRegistry {

    /** What an agent is there for. */
    enum Kind { RUN, SUB_AGENT, PLAN_STEP, HUB_PARTICIPANT }

    /**
     * One agent's run.
     *
     * @param runId     the run's id, unique in the process
     * @param session   the session it works for (a top-level run's own id when it has none)
     * @param kind      why it runs
     * @param name      the agent's name, the sub-agent's profile, or the plan step's id
     * @param parent    the run that started it, for a sub-agent
     * @param state     the outer machine's state it is in now
     * @param changedAt when it entered that state
     */
    record Entry(String runId, String session, Kind kind, String name, Optional<String> parent, AgentState state,
                 Instant changedAt) {
        public Entry {
            Objects.requireNonNull(runId, "runId");
            Objects.requireNonNull(session, "session");
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(parent, "parent");
            Objects.requireNonNull(state, "state");
            Objects.requireNonNull(changedAt, "changedAt");
        }

        public boolean finished() {
            return state.isTerminal();
        }
    }

    /** Every agent known, running ones first, each group in the order it started. */
    List<Entry> agents();

    /** The agents of one session, in the order they started. */
    List<Entry> session(String session);

    /** Whether every agent of a session has completed or failed (true for a session with none). */
    default boolean settled(String session) {
        return session(session).stream().allMatch(Entry::finished);
    }
}
