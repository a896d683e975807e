package io.agentloop.temporal;

import io.agentloop.api.message.Message;
import io.agentloop.api.run.CallDecision;
import io.agentloop.api.run.PendingCall;
import io.agentloop.api.run.RunResult;
import io.agentloop.core.engine.DurableEngine;
import io.agentloop.core.run.RunJournal;
import io.temporal.api.enums.v1.WorkflowIdReusePolicy;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowException;
import io.temporal.client.WorkflowStub;
import io.temporal.failure.CanceledFailure;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import tools.jackson.databind.node.ObjectNode;

/**
 * Starts agent runs on Temporal and follows them: the client side of the engine. A run is the
 * workflow {@code agentloop-<run id>} on the task queue; its events and record lines are read with
 * queries, its pending calls are decided with a signal, and cancelling it cancels the workflow.
 */
public final class DurableRuns {
    private final WorkflowClient client;
    private final String taskQueue;

    public DurableRuns(WorkflowClient client, String taskQueue) {
        this.client = Objects.requireNonNull(client, "client");
        this.taskQueue = Objects.requireNonNull(taskQueue, "taskQueue");
    }

    /** The workflow id of a run. */
    public static String workflowId(String runId) {
        return "agentloop-" + runId;
    }

    /**
     * Starts a run of the named agent: this task after this history (the agent's system prompt is the
     * worker's); with an output schema its answer must match it. Returns once Temporal has it.
     */
    public DurableRun start(String runId, String agent, List<Message> history, String task,
                            Optional<Map<String, Object>> outputSchema) {
        return start(runId, agent, history, task, outputSchema, Optional.empty());
    }

    /**
     * Starts a run as {@link #start(String, String, List, String, Optional)} does, on the client's
     * terms (its mode, within the workers', allow rules and workspace), when given; else the workers' own.
     */
    public DurableRun start(String runId, String agent, List<Message> history, String task,
                            Optional<Map<String, Object>> outputSchema, Optional<DurableEngine.Terms> terms) {
        ObjectNode order = Wire.object().put("run_id", runId).put("agent", agent).put("task", task);
        order.set("history", Wire.messages(history));
        outputSchema.ifPresent(schema -> order.set("output_schema", Wire.JSON.valueToTree(schema)));
        terms.ifPresent(given -> {
            order.put("mode", given.mode().toString());
            given.allow().forEach(order.putArray("allow")::add);
            given.workspace().ifPresent(folder -> order.put("workspace", folder.toString()));
        });
        WorkflowStub stub = client.newUntypedWorkflowStub(AgentRun.TYPE, WorkflowOptions.newBuilder()
                .setTaskQueue(taskQueue)
                .setWorkflowId(workflowId(runId))
                .setWorkflowIdReusePolicy(WorkflowIdReusePolicy.WORKFLOW_ID_REUSE_POLICY_REJECT_DUPLICATE)
                .build());
        stub.start(order.toString());
        // by the workflow's id alone, so queries, signals and the result reach the workflow run it continued as
        return find(runId);
    }

    /**
     * The {@code --input} of {@code temporal workflow signal --name decide} that decides one call: the
     * same JSON array {@link DurableRun#decide} sends.
     */
    public static String signalInput(CallDecision decision) {
        return Wire.decisions(List.of(decision)).toString();
    }

    /** A run started earlier, by its id (from another process, after a restart). */
    public DurableRun find(String runId) {
        return new DurableRun(runId, client.newUntypedWorkflowStub(workflowId(runId)));
    }

    /** A run on Temporal. */
    public static final class DurableRun {
        /** How many looks after a run's end may find its workflow unanswering before following gives up. */
        private static final int UNANSWERED_AFTER_END = 50;

        private final String runId;
        private final WorkflowStub stub;

        DurableRun(String runId, WorkflowStub stub) {
            this.runId = runId;
            this.stub = stub;
        }

        public String runId() {
            return runId;
        }

        /** The run's events from the {@code from}-th on, one JSON object each. */
        @SuppressWarnings("unchecked")
        public List<String> events(int from) {
            return stub.query("events", List.class, from);
        }

        /** The run's record lines from the {@code from}-th on. */
        @SuppressWarnings("unchecked")
        public List<String> journal(int from) {
            return stub.query("journal", List.class, from);
        }

        /** The calls that wait for a person's decision now. */
        @SuppressWarnings("unchecked")
        public List<PendingCall> waiting() {
            List<String> lines = stub.query("waiting", List.class);
            return lines.stream().map(line -> Wire.pending(Wire.read(line))).toList();
        }

        /**
         * Decides on waiting calls; the run goes on once every waiting call is decided. Only calls that
         * wait now are signalled, as the JSON array {@code temporal workflow signal --input} sends
         * ({@link #signalInput}); the workflow keeps the first decision on a call should two signals
         * cross. Returns the ids of the calls that wait no more (decided already) or never did.
         */
        public List<String> decide(List<CallDecision> decisions) {
            Set<String> open = waiting().stream().map(call -> call.call().id()).collect(Collectors.toSet());
            List<CallDecision> taken = decisions.stream().filter(decision -> open.contains(decision.callId())).toList();
            if (!taken.isEmpty()) {
                stub.signal("decide", Wire.JSON.treeToValue(Wire.decisions(taken), List.class));
            }
            return decisions.stream().map(CallDecision::callId).filter(id -> !open.contains(id)).toList();
        }

        /** Cancels the run: its step under way stops (a tool's process with it) and it ends CANCELLED. */
        public void cancel() {
            stub.cancel("cancelled by the caller");
        }

        /** The result, when the run ends (also when it was cancelled: then {@code COMPLETED/CANCELLED}). */
        public CompletableFuture<RunResult> result() {
            return stub.getResultAsync(String.class)
                    .exceptionallyCompose(failure -> cancelled(failure)
                            ? CompletableFuture.supplyAsync(() -> stub.query("result", String.class))
                            : CompletableFuture.failedFuture(failure))
                    .thenApply(text -> Wire.runResult(Wire.read(text)));
        }

        private static boolean cancelled(Throwable failure) {
            for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
                if (cause instanceof CanceledFailure) {
                    return true;
                }
            }
            return false;
        }

        /** Follows the run from its start until it ends ({@link #follow(Consumer, RunJournal, Duration, int, int)}). */
        public RunResult follow(Consumer<String> events, RunJournal journal, Duration every)
                throws InterruptedException {
            return follow(events, journal, every, 0, 0);
        }

        /**
         * Follows the run until it ends: each new event line to {@code events} and each new record
         * line to {@code journal} as they come (read every {@code every}), from the
         * {@code eventsFrom}-th event and the {@code journalFrom}-th record on, then the result.
         */
        public RunResult follow(Consumer<String> events, RunJournal journal, Duration every, int eventsFrom,
                                int journalFrom) throws InterruptedException {
            CompletableFuture<RunResult> result = result();
            int seen = eventsFrom;
            int recorded = journalFrom;
            int unansweredSinceEnd = 0;
            while (true) {
                boolean ended = waitFor(result, every);
                List<String> records;
                List<String> lines;
                try {
                    records = journal(recorded);
                    lines = events(seen);
                } catch (WorkflowException e) {
                    // no worker has taken the run's first decisions yet, or none answers now: asked again next
                    // time; once the run ended, only for a while
                    if (ended && ++unansweredSinceEnd > UNANSWERED_AFTER_END) {
                        throw e;
                    }
                    continue;
                }
                // the record first: what is shown is on record even if the caller stops following at an event
                for (String line : records) {
                    Wire.replay(line, journal);
                    recorded++;
                }
                for (String line : lines) {
                    seen++;
                    events.accept(line);
                }
                if (ended) {
                    return result.join();
                }
            }
        }

        private static boolean waitFor(CompletableFuture<RunResult> result, Duration every) throws InterruptedException {
            try {
                result.get(every.toMillis(), TimeUnit.MILLISECONDS);
                return true;
            } catch (TimeoutException e) {
                return false;
            } catch (ExecutionException e) {
                return true; // join() rethrows it
            }
        }
    }
}
