package io.agentloop.testkit;

import io.agentloop.api.CancellationSignal;
import io.agentloop.api.message.StopReason;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.Usage;
import io.agentloop.api.model.ChatModel;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.model.ModelException;
import io.agentloop.api.model.ModelStream;
import io.agentloop.api.model.NonRetryableModelException;
import io.agentloop.api.model.StreamEvent;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * A chat model that plays a script, one step per call, and records the requests it was sent.
 *
 * <pre>{@code
 * ScriptedChatModel model = ScriptedChatModel.script()
 *         .toolCalls(ToolCall.of("call_1", "read", "{\"path\":\"a.txt\"}"))
 *         .answer("The file says hello.")
 *         .build();
 * }</pre>
 *
 * <p>A call past the end of the script fails with a {@link NonRetryableModelException} saying so.
 * Thread-safe.
 */
public final class ScriptedChatModel implements ChatModel {
    private final List<Step> steps;
    private final Function<ChatRequest, Step> fallback;
    private final List<ChatRequest> requests = Collections.synchronizedList(new ArrayList<>());
    private int next;
    /** How many hang steps are blocking or have blocked (guarded by this). */
    private int hangs;

    private ScriptedChatModel(List<Step> steps, Function<ChatRequest, Step> fallback) {
        this.steps = List.copyOf(steps);
        this.fallback = fallback;
    }

    public static Builder script() {
        return new Builder();
    }

    /**
     * A model that decides each step from the request, forever (for benchmarks and long loops).
     */
    public static ScriptedChatModel dynamic(Function<ChatRequest, Step> decide) {
        return new ScriptedChatModel(List.of(), decide);
    }

    @Override
    public String name() {
        return "scripted";
    }

    @Override
    public ModelStream stream(ChatRequest request, CancellationSignal cancellation) {
        requests.add(request);
        Step step;
        synchronized (this) {
            step = next < steps.size() ? steps.get(next++) : null;
        }
        if (step == null) {
            if (fallback == null) {
                throw new NonRetryableModelException("scripted model: the script has " + steps.size()
                        + " steps and call " + requests.size() + " asked for another");
            }
            step = fallback.apply(request);
        }
        return step.open(this);
    }

    /** Every request received, in order. */
    public List<ChatRequest> requests() {
        synchronized (requests) {
            return List.copyOf(requests);
        }
    }

    /** How many steps were played. */
    public synchronized int calls() {
        return next;
    }

    /** Waits until a {@link Builder#hang} step is blocking (so a test can cancel at that moment). */
    public boolean awaitHanging(long timeout, TimeUnit unit) throws InterruptedException {
        return awaitHanging(1, timeout, unit);
    }

    /** Waits until {@code count} {@link Builder#hang} steps have blocked (calls made in parallel, say). */
    public synchronized boolean awaitHanging(int count, long timeout, TimeUnit unit) throws InterruptedException {
        long end = System.nanoTime() + unit.toNanos(timeout);
        while (hangs < count) {
            long left = end - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return true;
    }

    private synchronized void hung() {
        hangs++;
        notifyAll();
    }

    /** One scripted response. */
    @FunctionalInterface
    public interface Step {
        ModelStream open(ScriptedChatModel model);

        /** A step that streams these events, in order. */
        static Step events(List<StreamEvent> events) {
            List<StreamEvent> copy = List.copyOf(events);
            return model -> new ListStream(copy, null, null);
        }

        /** Text in chunks, then END_TURN. */
        static Step answer(Usage usage, String... chunks) {
            List<StreamEvent> events = new ArrayList<>();
            for (String chunk : chunks) {
                events.add(new StreamEvent.TextDelta(chunk));
            }
            events.add(new StreamEvent.UsageReport(usage));
            events.add(new StreamEvent.Finish(StopReason.END_TURN));
            return events(events);
        }

        /** Tool calls (arguments streamed in two fragments when long enough), then TOOL_CALLS. */
        static Step toolCalls(Usage usage, List<ToolCall> calls) {
            List<StreamEvent> events = new ArrayList<>();
            for (int i = 0; i < calls.size(); i++) {
                ToolCall call = calls.get(i);
                events.add(new StreamEvent.ToolCallStart(i, call.id(), call.name(), call.signature()));
                String args = call.arguments();
                int half = args.length() / 2;
                if (half > 0) {
                    events.add(new StreamEvent.ToolCallArgumentsDelta(i, args.substring(0, half)));
                }
                events.add(new StreamEvent.ToolCallArgumentsDelta(i, args.substring(half)));
            }
            events.add(new StreamEvent.UsageReport(usage));
            events.add(new StreamEvent.Finish(StopReason.TOOL_CALLS));
            return events(events);
        }
    }

    /** Builds a script. */
    public static final class Builder {
        private final List<Step> steps = new ArrayList<>();
        private Usage usage = Usage.ZERO;

        /** The usage every following step reports. */
        public Builder usage(Usage perCall) {
            this.usage = perCall;
            return this;
        }

        /** Answers with text, streamed in the given chunks. */
        public Builder answer(String... chunks) {
            return step(Step.answer(usage, chunks));
        }

        /** Asks for these tool calls. */
        public Builder toolCalls(ToolCall... calls) {
            return step(Step.toolCalls(usage, List.of(calls)));
        }

        /** Streams exactly these events (no Finish is added). */
        public Builder events(StreamEvent... events) {
            return step(Step.events(List.of(events)));
        }

        /** Fails to start the call with this exception. */
        public Builder fail(ModelException failure) {
            return step(model -> {
                throw failure;
            });
        }

        /** Streams these events, then fails with this exception. */
        public Builder failMidStream(ModelException failure, StreamEvent... before) {
            List<StreamEvent> events = List.of(before);
            return step(model -> new ListStream(events, failure, null));
        }

        /**
         * Streams these events, then blocks until the stream is closed (then throws). Use
         * {@link ScriptedChatModel#awaitHanging} to know when it blocks.
         */
        public Builder hang(StreamEvent... before) {
            List<StreamEvent> events = List.of(before);
            return step(model -> new ListStream(events, null, model::hung));
        }

        public Builder step(Step step) {
            steps.add(step);
            return this;
        }

        public ScriptedChatModel build() {
            return new ScriptedChatModel(steps, null);
        }
    }

    /** Plays a list of events, then fails, hangs, or (after a Finish) is done. */
    private static final class ListStream implements ModelStream {
        private final List<StreamEvent> events;
        private final ModelException failure;
        private final Runnable hangSignal;
        private final CountDownLatch closed = new CountDownLatch(1);
        private int position;

        ListStream(List<StreamEvent> events, ModelException failure, Runnable hangSignal) {
            this.events = events;
            this.failure = failure;
            this.hangSignal = hangSignal;
        }

        @Override
        public StreamEvent next() {
            if (closed.getCount() == 0) {
                throw new NonRetryableModelException("scripted model: stream was closed");
            }
            if (position < events.size()) {
                return events.get(position++);
            }
            if (failure != null) {
                throw failure;
            }
            if (hangSignal != null) {
                hangSignal.run();
                try {
                    closed.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                throw new NonRetryableModelException("scripted model: stream was closed while waiting");
            }
            throw new NonRetryableModelException("scripted model: the step ended without a Finish event");
        }

        @Override
        public void close() {
            closed.countDown();
        }
    }
}
