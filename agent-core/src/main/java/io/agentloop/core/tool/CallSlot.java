package io.agentloop.core.tool;

import io.agentloop.api.Cancellation;
import io.agentloop.api.CancellationSignal;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.Usage;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.Workspace;
import io.agentloop.core.time.Timekeeper;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * One tool call in flight: its thread, its own cancellation (fired by a run cancellation or by its
 * timeout), and the single place its outcome is settled. Whoever settles first (the tool's
 * thread, or the timer when the tool ignores being stopped) wins; the rest is dropped.
 */
final class CallSlot implements ToolContext {
    final ToolCall call;
    final int index;
    final long startedAt;
    final CompletableFuture<ToolOutcome> outcome = new CompletableFuture<>();
    private final String runId;
    private final Cancellation cancellation = new Cancellation();
    private final AtomicBoolean settled = new AtomicBoolean();
    private final Consumer<String> progress;
    private volatile ToolResult.Failure stopped;
    private volatile Thread thread;
    private volatile ToolCall executed;
    private volatile Timekeeper.Scheduled timer;
    private volatile CancellationSignal.Registration runRegistration;
    private Supplier<Timekeeper.Scheduled> timeouts;
    private int approvalsPending;
    private final Workspace workspace;
    private final SubCalls subCalls;
    private final AtomicInteger subCallCount = new AtomicInteger();
    private final Consumer<Boolean> personWaits;
    private final Consumer<Usage> usage;
    private final UnaryOperator<String> secretMask;
    final Attempt attempt = new Attempt();

    CallSlot(ToolCall call, int index, String runId, long startedAt, Consumer<String> progress, Workspace workspace,
             SubCalls subCalls,
             Consumer<Boolean> personWaits, Consumer<Usage> usage, UnaryOperator<String> secretMask) {
        this.usage = usage;
        this.secretMask = secretMask;
        this.personWaits = personWaits;
        this.call = call;
        this.index = index;
        this.runId = runId;
        this.startedAt = startedAt;
        this.progress = progress;
        this.executed = call;
        this.workspace = workspace;
        this.subCalls = subCalls;
    }

    /** Guards the running call: its thread, its timeout (started now), and the run's cancellation. */
    void guard(Thread worker, Supplier<Timekeeper.Scheduled> timeout, CancellationSignal.Registration onRunCancel) {
        this.thread = worker;
        this.timeouts = timeout;
        this.timer = timeout.get();
        this.runRegistration = onRunCancel;
    }

    /**
     * The call waits for a person's approval ({@code true}) or has its answer ({@code false}): the
     * timeout does not count the wait, and starts afresh once every pending approval is answered;
     * the run's iteration and run deadlines pause meanwhile too.
     */
    synchronized void waiting(boolean waiting) {
        personWaits.accept(waiting);
        if (timeouts == null) {
            return;
        }
        approvalsPending += waiting ? 1 : -1;
        if (waiting && approvalsPending == 1) {
            timer.cancel();
        } else if (!waiting && approvalsPending == 0 && stopped == null && !settled.get()) {
            timer = timeouts.get();
        }
    }

    /** The result of a call stopped because its run was cancelled. */
    static ToolResult.Failure cancelled(ToolCall call) {
        return new ToolResult.Failure(ToolResult.Failure.CANCELLED,
                "the run was cancelled while tool '" + call.name() + "' was running");
    }

    /** An id for the next call this call makes to another tool. */
    String nextSubCallId() {
        return call.id() + "." + subCallCount.incrementAndGet();
    }

    /** Stops the call: cancels its signal and interrupts its thread. The first stop wins. */
    void stop(ToolResult.Failure why) {
        if (stopped == null) {
            synchronized (this) {
                if (stopped == null) {
                    stopped = why;
                }
            }
        }
        cancellation.cancel(why.message());
        Thread worker = thread;
        if (worker != null) {
            worker.interrupt();
        }
    }

    /**
     * Where the call's thread is stuck, for the report of a tool that ignored being stopped: in
     * {@code System.exit} (plugin code ending the process), or in its own code at some frame.
     */
    Optional<String> whereStuck() {
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

    Optional<ToolResult.Failure> stopped() {
        return Optional.ofNullable(stopped);
    }

    void executing(ToolCall changed) {
        executed = changed;
    }

    /** Claims the right to settle the outcome; only the first caller gets true. */
    boolean claim() {
        return settled.compareAndSet(false, true);
    }

    /** Settles the outcome (after {@link #claim()}); the run's thread waits for this. */
    synchronized void complete(ToolResult result, long durationNanos) {
        Timekeeper.Scheduled t = timer;
        if (t != null) {
            t.cancel();
        }
        CancellationSignal.Registration r = runRegistration;
        if (r != null) {
            r.close();
        }
        outcome.complete(new ToolOutcome(executed, result, Duration.ofNanos(durationNanos)));
    }

    ToolCall executed() {
        return executed;
    }

    @Override
    public String callId() {
        return call.id();
    }

    @Override
    public String runId() {
        return runId;
    }

    @Override
    public CancellationSignal cancellation() {
        return cancellation;
    }

    @Override
    public void progress(String message) {
        progress.accept(message);
    }

    @Override
    public Workspace workspace() {
        return workspace;
    }

    @Override
    public String redact(String text) {
        return secretMask.apply(text);
    }

    @Override
    public void reportUsage(Usage spent) {
        usage.accept(spent);
    }

    @Override
    public ToolResult callTool(String toolName, Map<String, Object> arguments) {
        return subCalls.call(this, toolName, arguments);
    }
}
