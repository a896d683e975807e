package io.agentloop.temporal;

import io.temporal.worker.Worker;
import io.temporal.worker.WorkerFactory;
import io.temporal.worker.WorkerOptions;

/** Makes a worker that runs agents' runs: their workflows and their steps. */
public final class AgentWorker {
    private AgentWorker() {
    }

    /**
     * A worker of {@code factory} on {@code taskQueue} for both the runs' workflows and their steps.
     * Start the factory to start polling.
     */
    public static Worker register(WorkerFactory factory, String taskQueue, Agents agents, DurableOptions options) {
        Worker worker = factory.newWorker(taskQueue, workerOptions());
        workflows(worker, agents, options);
        steps(worker, agents, options);
        return worker;
    }

    /**
     * A worker's options: a workflow task may hold its thread up to 10 s before Temporal reports a
     * deadlock (1 s by default), since a run's first decisions on a fresh worker load the agent's
     * classes, and a loaded machine slows that down.
     */
    public static WorkerOptions workerOptions() {
        return WorkerOptions.newBuilder().setDefaultDeadlockDetectionTimeout(10_000).build();
    }

    /** Lets {@code worker} run the runs' workflows (their decisions). */
    public static void workflows(Worker worker, Agents agents, DurableOptions options) {
        worker.registerWorkflowImplementationFactory(AgentRun.class, () -> new AgentRunWorkflow(agents, options));
    }

    /** Lets {@code worker} carry out the runs' steps (model calls, tool calls, compactions). */
    public static void steps(Worker worker, Agents agents, DurableOptions options) {
        worker.registerActivitiesImplementations(new WorkerSteps(agents, options));
    }
}
