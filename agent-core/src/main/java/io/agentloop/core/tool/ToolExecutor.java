package io.agentloop.core.tool;

import io.agentloop.api.CancellationSignal;
import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.hook.HookException;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.Usage;
import io.agentloop.api.run.RunOptions;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.Workspace;
import io.agentloop.core.hook.Hooks;
import io.agentloop.core.permission.PermissionGate;
import io.agentloop.core.run.EventPublisher;
import io.agentloop.core.time.Timekeeper;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the tool calls of one model turn (the inner machine's {@code TOOL_EXECUTING} state).
 *
 * <p>Calls are cut, in order, into batches: consecutive concurrency-safe calls form one batch that
 * runs in parallel on virtual threads; a call that is not concurrency-safe (or every call, when
 * parallel tool calls are off) is a batch of its own. Batches run one after another, so tools that
 * change things run one at a time in call order. Each call goes through the acting hooks, has a
 * timeout, and is stopped when the run is cancelled. Results come back in call order whatever
 * order the calls finish in; every call gets exactly one result, with secrets masked (the values of
 * the platform's credential variables and well-known key shapes) before anyone sees it: a command
 * that printed a key, or a plugin tool that returned one, never hands it to the model.
 */
public final class ToolExecutor {
    /** How long a stopped tool may take to return before its result is settled without it. */
    static final Duration STOP_GRACE = Duration.ofSeconds(2);
    private static final Logger log = LoggerFactory.getLogger(ToolExecutor.class);

    private final ToolSet tools;
    private final ToolInvoker invoker;
    private final Hooks.Chains hooks;
    private final EventPublisher events;
    private final Timekeeper time;
    private final RunOptions options;
    private final CancellationSignal runCancellation;
    private final String runId;
    private final Workspace workspace;
    private final UnaryOperator<String> secretMask;
    private final Consumer<Boolean> personWaits;
    private final Consumer<Usage> usage;
    private final SubCalls subCalls;

    public ToolExecutor(ToolSet tools, Hooks.Chains hooks, EventPublisher events, Timekeeper time,
                        RunOptions options, CancellationSignal runCancellation, String runId, Workspace workspace,
                        PermissionGate permissions, UnaryOperator<String> secretMask, Consumer<Boolean> personWaits,
                        Consumer<Usage> usage) {
        this.usage = usage;
        this.tools = tools;
        this.personWaits = personWaits;
        this.secretMask = secretMask;
        this.invoker = new ToolInvoker(tools, permissions);
        this.subCalls = new SubCalls(tools, hooks, invoker);
        this.workspace = workspace;
        this.hooks = hooks;
        this.events = events;
        this.time = time;
        this.options = options;
        this.runCancellation = runCancellation;
        this.runId = runId;
    }

    /**
     * Runs the calls.
     *
     * @param precheck decides a result without running the call (repeated calls); empty to run it
     * @return one outcome per call, in call order
     */
    public List<ToolOutcome> execute(List<ToolCall> calls, Function<ToolCall, Optional<ToolResult>> precheck) {
        ToolOutcome[] outcomes = new ToolOutcome[calls.size()];
        List<CallSlot> batch = new ArrayList<>(calls.size());
        for (int i = 0; i < calls.size(); i++) {
            ToolCall call = calls.get(i);
            Optional<ToolResult> decided = precheck.apply(call);
            if (decided.isPresent()) {
                outcomes[i] = decidedWithoutRunning(call, decided.get());
                continue;
            }
            boolean parallel = options.parallelToolCalls() && concurrencySafe(call);
            if (!parallel) {
                runBatch(batch, outcomes);
                batch.add(start(call, i));
                runBatch(batch, outcomes);
            } else {
                batch.add(start(call, i));
            }
        }
        runBatch(batch, outcomes);
        return List.of(outcomes);
    }

    private boolean concurrencySafe(ToolCall call) {
        ToolSet.Entry entry = tools.get(call.name());
        return entry == null || entry.tool().concurrencySafe();
    }

    private void runBatch(List<CallSlot> batch, ToolOutcome[] outcomes) {
        for (CallSlot slot : batch) {
            outcomes[slot.index] = slot.outcome.join();
        }
        batch.clear();
    }

    private ToolOutcome decidedWithoutRunning(ToolCall call, ToolResult decided) {
        ToolResult result = masked(decided);
        events.publish(new AgentEvent.ToolCallStarted(call.id(), call.name(), call.arguments()));
        publishCompletion(call, result, Duration.ZERO);
        return new ToolOutcome(call, result, Duration.ZERO);
    }

    private CallSlot start(ToolCall call, int index) {
        CallSlot slot = new CallSlot(call, index, runId, time.nanoTime(),
                message -> events.publish(new AgentEvent.ToolProgress(call.id(), call.name(), message)), workspace,
                subCalls, personWaits, usage, secretMask);
        events.publish(new AgentEvent.ToolCallStarted(call.id(), call.name(), call.arguments()));
        if (runCancellation.isCancelled()) {
            settle(slot, CallSlot.cancelled(call));
            return slot;
        }
        Thread worker = Thread.ofVirtual().name("agentloop-tool-" + call.name()).unstarted(() -> work(slot));
        CancellationSignal.Registration onRunCancel =
                runCancellation.onCancel(() -> stop(slot, CallSlot.cancelled(call)));
        slot.guard(worker, () -> time.schedule(options.toolTimeout(), () -> stop(slot, timedOut(call))), onRunCancel);
        worker.start();
        return slot;
    }

    private void work(CallSlot slot) {
        ToolResult result;
        try {
            result = hooks.acting(slot.call, call -> {
                slot.executing(call);
                return invoker.invoke(call, slot, slot.attempt);
            });
        } catch (HookException e) {
            result = ToolResult.failure(ToolResult.Failure.HOOK_FAILED, e.getMessage());
        } catch (RuntimeException | Error e) {
            result = ToolResult.failure(ToolResult.Failure.EXECUTION_FAILED,
                    "tool '" + slot.call.name() + "' failed: " + e);
        }
        settle(slot, slot.attempt.settle(result));
    }

    /**
     * Stops a call; if its tool does not return within the grace period, settles without it. Its
     * thread is then abandoned (the JVM cannot kill a thread): that is said in the result, in a
     * {@link AgentEvent.ToolError} with the code {@code abandoned}, and in the log, so a program can
     * count such threads and exit rather than wait for them.
     */
    private void stop(CallSlot slot, ToolResult.Failure why) {
        slot.stop(why);
        time.schedule(STOP_GRACE, () -> {
            if (slot.claim()) {
                String left = "tool '" + slot.call.name() + "' " + slot.whereStuck().orElse("did not return")
                        + " within " + STOP_GRACE.toSeconds() + " s of being stopped; its thread was left behind and "
                        + "may still be running";
                log.warn("{} ({})", left, slot.call.id());
                events.publish(new AgentEvent.ToolError(slot.call.id(), slot.call.name(), AgentEvent.ToolError.ABANDONED, left));
                finish(slot, new ToolResult.Failure(why.code(), why.message() + "; " + left));
            }
        });
    }

    private void settle(CallSlot slot, ToolResult outcome) {
        if (slot.claim()) {
            finish(slot, outcome);
        }
    }

    /** Publishes and completes the outcome of a claimed slot. */
    private void finish(CallSlot slot, ToolResult outcome) {
        ToolResult result = masked(outcome);
        long duration = time.nanoTime() - slot.startedAt;
        publishCompletion(slot.executed(), result, Duration.ofNanos(duration));
        slot.complete(result, duration);
    }

    private ToolResult masked(ToolResult result) {
        return switch (result) {
            case ToolResult.Success success -> {
                String content = secretMask.apply(success.content());
                yield content.equals(success.content()) ? success : new ToolResult.Success(content, success.data());
            }
            case ToolResult.Failure failure -> {
                String message = secretMask.apply(failure.message());
                yield message.equals(failure.message()) ? failure : new ToolResult.Failure(failure.code(), message);
            }
        };
    }

    private void publishCompletion(ToolCall call, ToolResult result, Duration duration) {
        if (result instanceof ToolResult.Failure failure) {
            events.publish(new AgentEvent.ToolError(call.id(), call.name(), failure.code(), failure.message()));
        }
        events.publish(new AgentEvent.ToolCallCompleted(call.id(), call.name(), !result.isError(), duration, result));
    }

    private ToolResult.Failure timedOut(ToolCall call) {
        return new ToolResult.Failure(ToolResult.Failure.TIMEOUT, "tool '" + call.name() + "' did not finish within "
                + options.toolTimeout().toMillis() + " ms and was stopped");
    }
}
