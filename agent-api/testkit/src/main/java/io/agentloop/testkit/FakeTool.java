package io.agentloop.testkit;

import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * A tool whose behaviour a test chooses, and which records how it was called.
 *
 * <pre>{@code
 * FakeTool echo = FakeTool.named("echo").readOnly().returning(args -> args.requireString("text"));
 * FakeTool slow = FakeTool.named("slow").blockingUntilCancelled();
 * }</pre>
 */
public final class FakeTool implements Tool {

    /** What the fake does when called. */
    @FunctionalInterface
    public interface Behaviour {
        ToolResult run(ToolArguments arguments, ToolContext context) throws Exception;
    }

    /** Computes a success text from the arguments. */
    @FunctionalInterface
    public interface TextFunction {
        String apply(ToolArguments arguments) throws Exception;
    }

    private final ToolSpec spec;
    private final boolean readOnly;
    private final Behaviour behaviour;
    private final List<ToolArguments> calls = Collections.synchronizedList(new ArrayList<>());
    private final CountDownLatch started = new CountDownLatch(1);
    private volatile boolean sawCancellation;

    private FakeTool(ToolSpec spec, boolean readOnly, Behaviour behaviour) {
        this.spec = spec;
        this.readOnly = readOnly;
        this.behaviour = behaviour;
    }

    public static Builder named(String name) {
        return new Builder(name);
    }

    @Override
    public ToolSpec spec() {
        return spec;
    }

    @Override
    public boolean readOnly() {
        return readOnly;
    }

    @Override
    public ToolResult execute(ToolArguments arguments, ToolContext context) throws Exception {
        calls.add(arguments);
        started.countDown();
        try {
            return behaviour.run(arguments, context);
        } finally {
            if (context.cancellation().isCancelled() || Thread.currentThread().isInterrupted()) {
                sawCancellation = true;
            }
        }
    }

    /** The arguments of every call, in the order calls started. */
    public List<ToolArguments> calls() {
        synchronized (calls) {
            return List.copyOf(calls);
        }
    }

    /** Whether a call ended while the run was cancelled or its thread interrupted. */
    public boolean sawCancellation() {
        return sawCancellation;
    }

    /** Waits for the first call to start. */
    public boolean awaitStarted(Duration timeout) throws InterruptedException {
        return started.await(timeout.toNanos(), java.util.concurrent.TimeUnit.NANOSECONDS);
    }

    /** Configures a fake tool. */
    public static final class Builder {
        private final ToolSpec.Builder spec;
        private boolean readOnly;

        private Builder(String name) {
            this.spec = ToolSpec.builder(name).description("a fake tool for tests");
        }

        /** Declares a string parameter (all parameters are optional unless {@code required}). */
        public Builder stringParameter(String name, boolean required) {
            spec.stringParameter(name, "a string", required);
            return this;
        }

        public Builder integerParameter(String name, boolean required) {
            spec.integerParameter(name, "an integer", required);
            return this;
        }

        public Builder readOnly() {
            this.readOnly = true;
            return this;
        }

        public FakeTool returning(TextFunction function) {
            return behaving((arguments, context) -> ToolResult.success(function.apply(arguments)));
        }

        public FakeTool returning(String text) {
            return behaving((arguments, context) -> ToolResult.success(text));
        }

        public FakeTool throwing(Exception failure) {
            return behaving((arguments, context) -> {
                throw failure;
            });
        }

        /** Blocks until the run is cancelled or the thread interrupted, then reports it. */
        public FakeTool blockingUntilCancelled() {
            return behaving((arguments, context) -> {
                try {
                    while (!context.cancellation().await(Duration.ofSeconds(1))) {
                        // keep waiting; only cancellation or interruption ends this call
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return ToolResult.failure(ToolResult.Failure.CANCELLED, "stopped by cancellation");
            });
        }

        public FakeTool behaving(Behaviour behaviour) {
            return new FakeTool(spec.build(), readOnly, behaviour);
        }
    }
}
