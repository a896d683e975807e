package io.agentloop.core.engine;

import io.agentloop.api.message.Message;
import io.agentloop.api.run.CallDecision;
import io.agentloop.api.run.PendingCall;
import io.agentloop.api.run.RunResult;
import io.agentloop.core.Agent;
import io.agentloop.core.permission.PermissionMode;
import io.agentloop.core.run.RunJournal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * A durable engine, connected: runs started here outlive the process that started them and the
 * workers that carry them out (SPEC §3.6). Found with {@link DurableEngineProvider}; the launcher's
 * {@code --engine} and {@code agentloop worker} use it.
 */
public interface DurableEngine extends AutoCloseable {

    /** Where it is connected, for a person: the service, the namespace, the task queue. */
    String describe();

    /**
     * Starts a run of the named agent (as the workers know it, with its system prompt): this task
     * after this history; with an output schema its answer must match it; in the workers' own mode.
     */
    default Run start(String runId, String agent, List<Message> history, String task,
                      Optional<Map<String, Object>> outputSchema) {
        return start(runId, agent, history, task, outputSchema, Optional.empty());
    }

    /**
     * Starts a run as {@link #start(String, String, List, String, Optional)} does, on the client's
     * terms when given: the run's mode (within the workers', which is the widest a run may have: a
     * wider one ends the run failed, saying so), the allow rules the client's person said "always" to
     * in its workspace, and its workspace (within the workers' bounds: a tool call elsewhere fails,
     * saying so).
     */
    Run start(String runId, String agent, List<Message> history, String task, Optional<Map<String, Object>> outputSchema,
              Optional<Terms> terms);

    /**
     * A run's own terms, from the client that starts it.
     *
     * @param mode      the run's mode
     * @param allow     allow rules a person said "always" to, as written in configuration
     * @param workspace the folder the run's tools work in; empty for the workers' own
     */
    record Terms(PermissionMode mode, List<String> allow, Optional<Path> workspace) {
        public Terms {
            java.util.Objects.requireNonNull(mode, "mode");
            allow = List.copyOf(allow);
            java.util.Objects.requireNonNull(workspace, "workspace");
        }
    }

    /**
     * The agents a worker carries runs out with: by name, working in a run's own workspace when it has
     * one.
     */
    @FunctionalInterface
    interface Agents {
        /**
         * @throws IllegalArgumentException when there is no such agent (naming the known ones), or the
         *         workspace is outside what the worker may work in (naming it)
         */
        Agent agent(String name, Optional<Path> workspace);
    }

    /**
     * A run started earlier, by its id: from this process or another (an {@code approve}, a server
     * started again that follows the runs the one before it followed). Nothing is asked of the engine
     * until one of the run's methods is called.
     */
    Run run(String runId);

    /**
     * How a person decides a waiting call of this run with the engine's own tools (a command line),
     * when there is such a way; the text works as it is given.
     */
    default Optional<String> manualDecision(String runId, String callId) {
        return Optional.empty();
    }

    /** Starts a worker that carries out runs of these agents, by name, until it is closed. */
    Worker serve(Agents agents, Role role);

    @Override
    void close();

    /** What a worker does: the runs' decisions, their steps (model and tool calls), or both. */
    enum Role {
        ALL, DECISIONS, STEPS
    }

    /** A worker; closing it stops taking work and waits for the steps under way. */
    interface Worker extends AutoCloseable {
        @Override
        void close();
    }

    /** A run on the engine. */
    interface Run {
        String runId();

        /**
         * Follows the run until it ends: each new event (one JSON object, the {@code --json} event
         * model) to {@code events} and each new record to {@code journal} as they come, read every
         * {@code every}; then the result.
         */
        default RunResult follow(Consumer<String> events, RunJournal journal, Duration every)
                throws InterruptedException {
            return follow(events, journal, every, 0, 0);
        }

        /**
         * Follows the run as {@link #follow(Consumer, RunJournal, Duration)} does, from its
         * {@code eventsFrom}-th event and {@code journalFrom}-th record on: for a follower that takes
         * over from one that left (the session holds what came before), nothing twice.
         */
        RunResult follow(Consumer<String> events, RunJournal journal, Duration every, int eventsFrom, int journalFrom)
                throws InterruptedException;

        /** The calls that wait for a person's decision now. */
        List<PendingCall> waiting();

        /**
         * Decides on waiting calls; the run goes on once every waiting call is decided. The first
         * decision on a call is the one carried out, wherever it came from.
         *
         * @return the ids of the calls this did not decide, because they wait no more (decided
         *         already) or never waited; empty when every decision was taken
         */
        List<String> decide(List<CallDecision> decisions);

        /** Cancels the run: the step under way stops, and the run ends {@code CANCELLED}. */
        void cancel();

        /** The result, when the run ends. */
        CompletableFuture<RunResult> result();
    }
}
