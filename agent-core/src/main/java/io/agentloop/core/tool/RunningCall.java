package io.agentloop.core.tool;

import io.agentloop.api.Cancellation;
import io.agentloop.api.CancellationSignal;
import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.hook.HookException;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.Usage;
import io.agentloop.api.run.PendingCall;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.Workspace;
import io.agentloop.core.permission.PermissionGate;
import io.agentloop.core.time.Timekeeper;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One tool call in flight, from its start to its one outcome: its own thread, its own cancellation
 * (fired by the run's cancellation or by its timeout), the acting chain it goes through, and the
 * single place its outcome is settled. Whoever settles first (the call's thread, or the timer when
 * the tool ignores being stopped) wins; the rest is dropped. Settling masks secrets in the result,
 * writes the outcome to the run's record and tells the listeners. It is also the tool's
 * {@link ToolContext}, so calls the tool makes to other tools go through the same chain here.
 */
final class RunningCall implements ToolContext {
    /** How long a stopped tool may take to return before its result is settled without it. */
    static final Duration STOP_GRACE = Duration.ofSeconds(2);
    private static final Logger log = LoggerFactory.getLogger(RunningCall.class);

    private final CallPlan.Run plan;
    private final ToolSettings settings;
    private final CallScope scope;
    /** Nested calls to tools that change things run one at a time across the turn. */
    private final ReentrantLock thatChangeThings;
    private final ResultCache cache;
    private final long startedAt;
    final CompletableFuture<CallOutcome> outcome = new CompletableFuture<>();
    private final Cancellation cancellation = new Cancellation();
    private final AtomicBoolean settled = new AtomicBoolean();
    private final AtomicInteger nestedCalls = new AtomicInteger();
    private final AtomicReference<ToolResult.Failure> stopped = new AtomicReference<>();
    private final CallOutput output;
    private volatile Thread thread;
    private volatile ToolCall executed;
    private volatile Timekeeper.Scheduled timer;
    private volatile CancellationSignal.Registration onRunCancel;
    private int approvalsPending;

    RunningCall(CallPlan.Run plan, ToolSettings settings, CallScope scope, ReentrantLock thatChangeThings,
                ResultCache cache) {
        this.plan = plan;
        this.settings = settings;
        this.scope = scope;
        this.thatChangeThings = thatChangeThings;
        this.cache = cache;
        this.executed = plan.call();
        this.output = new CallOutput(plan.call().id(), plan.call().name(), scope.events(), settings.secretMask());
        this.startedAt = settings.time().nanoTime();
    }

    /** Starts the call on a thread of its own, under its timeout and the run's cancellation. */
    RunningCall start() {
        ToolCall call = plan.call();
        if (scope.control().aborted()) {
            settle(cancelled(call), null);
            return this;
        }
        thread = Thread.ofVirtual().name("agentloop-tool-" + call.name()).unstarted(this::work);
        onRunCancel = scope.control().signal().onCancel(() -> stop(cancelled(call)));
        synchronized (this) {
            timer = startTimeout();
        }
        thread.start();
        return this;
    }

    /** The innermost link of a chain this call goes through (its own, or a nested call's). */
    private ToolDispatch dispatchFor(boolean approved) {
        return new ToolDispatch(settings.tools(), settings.permissions(), scope.pauses(), approved, this,
                this::waiting, scope.executableConfig(), cache);
    }

    /** Ends the call with this result without starting it. */
    RunningCall refuse(ToolResult result) {
        settle(result, null);
        return this;
    }

    private void work() {
        ToolResult result;
        ToolDispatch dispatch = dispatchFor(plan.approved());
        try {
            result = scope.hooks().acting(plan.call(), dispatch);
        } catch (HookException e) {
            result = ToolResult.failure(ToolResult.Failure.HOOK_FAILED, e.getMessage());
        } catch (RuntimeException | Error e) {
            result = ToolResult.failure(ToolResult.Failure.EXECUTION_FAILED,
                    "tool '" + plan.call().name() + "' failed: " + e);
        }
        // No hook can turn a refusal into a result, nor run a call that waits for a person; whatever a
        // tool returned after its call was stopped, the stop is what happened.
        ToolResult.Failure stop = stopped.get();
        if (dispatch.executed() != null) {
            executed = dispatch.executed();
        }
        switch (dispatch.dispatched()) {
            case ToolDispatch.Dispatched.Refused refused -> settle(refused.result(), null);
            case ToolDispatch.Dispatched.Unanswered unanswered -> settle(stop, stop != null ? null : new PendingCall(
                    plan.call(), unanswered.admission().reasons(), unanswered.admission().rememberAs()));
            case ToolDispatch.Dispatched.Ran ran -> settle(stop != null ? stop : result, null);
            case null -> settle(result, null);
        }
    }

    private Timekeeper.Scheduled startTimeout() {
        return settings.time().schedule(settings.timeout(), () -> stop(new ToolResult.Failure(ToolResult.Failure.TIMEOUT,
                "tool '" + plan.call().name() + "' did not finish within " + settings.timeout().toMillis()
                        + " ms and was stopped")));
    }

    /**
     * The call waits for a person's approval ({@code true}) or has its answer ({@code false}): the
     * timeout does not count the wait, and starts afresh once every pending approval is answered;
     * the run's iteration and run deadlines pause meanwhile too.
     */
    private synchronized void waiting(boolean waiting) {
        scope.control().waitingForPerson(waiting);
        approvalsPending += waiting ? 1 : -1;
        if (timer == null) {
            return;
        }
        if (waiting && approvalsPending == 1) {
            timer.cancel();
        } else if (!waiting && approvalsPending == 0 && stopped.get() == null && !settled.get()) {
            timer = startTimeout();
        }
    }

    /**
     * Stops the call: cancels its signal and interrupts its thread (the first stop's reason wins);
     * if its tool does not return within the grace period, settles without it. Its thread is then
     * abandoned (the JVM cannot kill a thread): that is said in the result, in a
     * {@link AgentEvent.ToolError} with the code {@code abandoned}, and in the log, so a program can
     * count such threads and exit rather than wait for them.
     */
    private void stop(ToolResult.Failure why) {
        stopped.compareAndSet(null, why);
        cancellation.cancel(why.message());
        Thread worker = thread;
        if (worker != null) {
            worker.interrupt();
        }
        settings.time().schedule(STOP_GRACE, () -> {
            if (settled.get()) {
                return;
            }
            String left = "tool '" + plan.call().name() + "' " + whereStuck().orElse("did not return") + " within "
                    + STOP_GRACE.toSeconds() + " s of being stopped; its thread was left behind and may still be running";
            settle(new ToolResult.Failure(why.code(), why.message() + "; " + left), null, left);
        });
    }

    /** Settles the outcome, once: a result, or the pending approval. */
    private void settle(ToolResult result, PendingCall pending) {
        settle(result, pending, null);
    }

    /** @param abandoned when the call was stopped and its tool never returned: what is said about its thread */
    private void settle(ToolResult result, PendingCall pending, String abandoned) {
        if (!settled.compareAndSet(false, true)) {
            return;
        }
        output.close();
        ToolCall call = plan.call();
        if (abandoned != null) {
            log.warn("{} ({})", abandoned, call.id());
            scope.events().publish(new AgentEvent.ToolError(call.id(), call.name(), AgentEvent.ToolError.ABANDONED,
                    abandoned));
        }
        Timekeeper.Scheduled t = timer;
        if (t != null) {
            t.cancel();
        }
        CancellationSignal.Registration r = onRunCancel;
        if (r != null) {
            r.close();
        }
        if (pending != null) {
            scope.journal().pending(pending);
            scope.events().publish(new AgentEvent.ToolCallPending(call.id(), call.name(), call.arguments(),
                    pending.reasons()));
            outcome.complete(new CallOutcome.Pending(pending));
            return;
        }
        outcome.complete(finish(call, executed, result, Duration.ofNanos(settings.time().nanoTime() - startedAt),
                settings, scope));
    }

    /**
     * Where the call's thread is stuck, for the report of a tool that ignored being stopped: in
     * {@code System.exit} (plugin code ending the process), or in its own code at some frame.
     */
    private Optional<String> whereStuck() {
        Thread worker = thread;
        if (worker == null) {
            return Optional.empty();
        }
        StackTraceElement[] frames = worker.getStackTrace();
        for (int i = 0; i < frames.length; i++) {
            if (frames[i].getClassName().equals("java.lang.Runtime") && frames[i].getMethodName().equals("exit")) {
                int caller = i + 1;
                while (caller < frames.length && frames[caller].getClassName().equals("java.lang.System")) {
                    caller++;
                }
                return Optional.of("called System.exit" + (caller < frames.length ? " at " + frames[caller] : "")
                        + " and did not return");
            }
        }
        for (StackTraceElement frame : frames) {
            String type = frame.getClassName();
            if (!type.startsWith("java.") && !type.startsWith("jdk.") && !type.startsWith("sun.")
                    && !type.startsWith("io.agentloop.core.")) {
                return Optional.of("did not return (stuck at " + frame + ")");
            }
        }
        return Optional.empty();
    }

    /** The result of a call stopped because its run was cancelled. */
    static ToolResult.Failure cancelled(ToolCall call) {
        return new ToolResult.Failure(ToolResult.Failure.CANCELLED,
                "the run was cancelled while tool '" + call.name() + "' was running");
    }

    @Override
    public String callId() {
        return plan.call().id();
    }

    @Override
    public String runId() {
        return scope.runId();
    }

    @Override
    public CancellationSignal cancellation() {
        return cancellation;
    }

    @Override
    public void progress(String message) {
        scope.events().publish(new AgentEvent.ToolProgress(plan.call().id(), plan.call().name(), message));
    }

    @Override
    public void output(String text) {
        output.publish(text);
    }

    @Override
    public boolean outputWanted() {
        return output.wanted();
    }

    @Override
    public Workspace workspace() {
        return settings.workspace();
    }

    @Override
    public String redact(String text) {
        return settings.secretMask().apply(text);
    }

    @Override
    public void reportUsage(Usage spent) {
        scope.usage().accept(spent);
    }

    /**
     * A call this call's tool makes to another tool: the same acting hooks, validation and
     * permission gate as a call by the model, on this call's thread, under its timeout and
     * cancellation. It cannot pause: a call no one can approve is denied. Never throws.
     */
    @Override
    public ToolResult callTool(String toolName, Map<String, Object> arguments) {
        if (cancellation.isCancelled()) {
            return cancelled(plan.call());
        }
        String json;
        try {
            json = settings.tools().toJson(arguments);
        } catch (RuntimeException e) {
            return ToolResult.failure(ToolResult.Failure.INVALID_ARGUMENTS, "the arguments for '" + toolName
                    + "' cannot be written as JSON: " + e.getMessage());
        }
        ToolCall nested = ToolCall.of(plan.call().id() + "." + nestedCalls.incrementAndGet(), toolName, json);
        ToolSet.Entry entry = settings.tools().get(toolName);
        boolean alone = entry != null && !entry.tool().concurrencySafe();
        ToolDispatch dispatch = dispatchFor(false);
        ToolResult result;
        if (alone) {
            thatChangeThings.lock();
        }
        try {
            result = scope.hooks().acting(nested, dispatch);
        } catch (HookException e) {
            result = ToolResult.failure(ToolResult.Failure.HOOK_FAILED, e.getMessage());
        } catch (RuntimeException e) {
            result = ToolResult.failure(ToolResult.Failure.EXECUTION_FAILED, "tool '" + toolName + "' failed: " + e);
        } finally {
            if (alone) {
                thatChangeThings.unlock();
            }
        }
        return switch (dispatch.dispatched()) {
            case ToolDispatch.Dispatched.Refused refused -> refused.result();
            case ToolDispatch.Dispatched.Unanswered unanswered -> settings.permissions().unanswered(toolName,
                    unanswered.admission());
            case null, default -> result;
        };
    }

    /**
     * Ends a call with its result: masks secrets in it (the values of the platform's credential
     * variables and well-known key shapes, so a command that printed a key never hands it to the
     * model), writes the outcome to the run's record, and tells the listeners.
     */
    static CallOutcome.Finished finish(ToolCall asked, ToolCall executed, ToolResult result, Duration duration,
                                       ToolSettings settings, CallScope scope) {
        ToolResult masked = masked(result, settings);
        scope.journal().finished(asked, masked);
        if (!scope.events().active()) {
            return new CallOutcome.Finished(asked, executed, masked, duration);
        }
        if (masked instanceof ToolResult.Failure failure) {
            scope.events().publish(new AgentEvent.ToolError(executed.id(), executed.name(), failure.code(),
                    failure.message()));
        }
        scope.events().publish(new AgentEvent.ToolCallCompleted(executed.id(), executed.name(), !masked.isError(),
                duration, masked));
        return new CallOutcome.Finished(asked, executed, masked, duration);
    }

    private static ToolResult masked(ToolResult result, ToolSettings settings) {
        return switch (result) {
            case ToolResult.Success success -> {
                String content = settings.secretMask().apply(success.content());
                yield content.equals(success.content()) ? success : new ToolResult.Success(content, success.data());
            }
            case ToolResult.Failure failure -> {
                String message = settings.secretMask().apply(failure.message());
                yield message.equals(failure.message()) ? failure : new ToolResult.Failure(failure.code(), message);
            }
        };
    }
}
