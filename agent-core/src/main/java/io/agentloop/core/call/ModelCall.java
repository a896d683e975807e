package io.agentloop.core.call;

import io.agentloop.api.AgentException;
import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.memory.TokenEstimator;
import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.ContentBlock;
import io.agentloop.api.message.StopReason;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.Usage;
import io.agentloop.api.model.CallAttempt;
import io.agentloop.api.model.ChatModel;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.model.ModelException;
import io.agentloop.api.model.ModelStream;
import io.agentloop.api.model.RetryableModelException;
import io.agentloop.api.model.StreamEvent;
import io.agentloop.api.run.CallState;
import io.agentloop.core.hook.Hooks;
import io.agentloop.core.registry.PluginCode;
import io.agentloop.core.run.EventPublisher;
import io.agentloop.core.run.RunControl;
import io.agentloop.core.run.StateTracker;
import io.agentloop.core.time.Timekeeper;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The inner state machine's model call ({@link CallState}): {@code IDLE} to {@code STREAMING},
 * with its retries, or to {@code ERROR}. An answer leaves the machine in {@code STREAMING}: the
 * loop carries the process on, to {@code TOOL_EXECUTING} for the calls the answer asks for or to
 * {@code SUCCESS} (the tool calls are effects of their own, which a durable engine runs apart). The
 * reasoning hooks wrap the whole retry loop, so they run once per call; the stream is assembled
 * here and its text goes out through the print hooks as it arrives, its reasoning and its tool
 * calls' fragments as events.
 */
public final class ModelCall {
    private final ChatModel model;
    private final Hooks.Chains hooks;
    private final EventPublisher events;
    private final Timekeeper time;
    private final RetryPolicy retry;
    private final RunControl control;
    private final TokenEstimator estimator;

    /** @param estimator counts the tokens of a call stopped before the provider reported them */
    public ModelCall(ChatModel model, Hooks.Chains hooks, EventPublisher events, Timekeeper time, RetryPolicy retry,
                     RunControl control, TokenEstimator estimator) {
        this.model = model;
        this.hooks = hooks;
        this.events = events;
        this.time = time;
        this.retry = retry;
        this.control = control;
        this.estimator = estimator;
    }

    /** How a call ended. */
    public sealed interface Outcome {
        /**
         * The model answered (its answer may ask for tool calls).
         *
         * @param streaming how long the call has been in {@code STREAMING}, where it is left: the
         *                  time the loop's part of the machine starts with
         */
        record Answered(AssistantMessage message, Duration streaming) implements Outcome {
            public Answered {
                java.util.Objects.requireNonNull(message, "message");
                java.util.Objects.requireNonNull(streaming, "streaming");
            }

            public Answered(AssistantMessage message) {
                this(message, Duration.ZERO);
            }
        }

        /** The call failed for good. */
        record Failed(AgentException error) implements Outcome {
        }

        /**
         * The run was stopped during the call; {@code partial} holds any text already streamed (its
         * usage is {@code spent}), {@code spent} the tokens of the call so far, reported by the provider
         * or estimated where it had reported none.
         */
        record Aborted(Optional<AssistantMessage> partial, Usage spent) implements Outcome {
            public Aborted {
                java.util.Objects.requireNonNull(partial, "partial");
                java.util.Objects.requireNonNull(spent, "spent");
            }

            /** A stop whose tokens are those of its partial message, if any. */
            public Aborted(Optional<AssistantMessage> partial) {
                this(partial, partial.map(AssistantMessage::usage).orElse(Usage.ZERO));
            }
        }
    }

    /** Makes the call; an answer leaves the call's machine in {@code STREAMING} (see the class comment). */
    public Outcome execute(ChatRequest request) {
        StateTracker<CallState> state = new StateTracker<>(CallState.IDLE, CallState::canMoveTo, events, time);
        Attempts attempts = new Attempts(state);
        AssistantMessage message;
        try {
            message = control.interruptibly(() -> hooks.reasoning(request, attempts::run));
        } catch (RuntimeException e) {
            state.move(CallState.ERROR);
            if (control.aborted()) {
                return attempts.stopped();
            }
            return new Outcome.Failed(e instanceof AgentException a ? a
                    : new AgentException("model '" + model.name() + "' failed unexpectedly: " + e, e));
        }
        // an answer a reasoning interceptor gave itself, with or without a model call that failed
        if (state.state() == CallState.IDLE) {
            state.move(CallState.CALLING);
        }
        if (state.state() == CallState.CALLING) {
            state.move(CallState.STREAMING);
        }
        return new Outcome.Answered(message, state.inState());
    }

    /** The message without its tool calls (a call that was to be answered without tools). */
    public static AssistantMessage withoutToolCalls(AssistantMessage message) {
        List<ContentBlock> kept = new ArrayList<>();
        for (ContentBlock block : message.content()) {
            if (!(block instanceof ToolCall)) {
                kept.add(block);
            }
        }
        return new AssistantMessage(kept, message.usage(), StopReason.END_TURN);
    }

    /** Thrown inside the retry loop when the run was stopped; turned into {@link Outcome.Aborted}. */
    private static final class Stopped extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Stopped() {
            super("the run was stopped", null, false, false);
        }
    }

    /** The terminal of the reasoning chain: CALLING, STREAMING and RETRYING until done. */
    private final class Attempts {
        private final StateTracker<CallState> state;
        private StreamAssembler assembler;
        /** The request as the reasoning hooks passed it on, for estimating a stopped call's input. */
        private ChatRequest sent;

        Attempts(StateTracker<CallState> state) {
            this.state = state;
        }

        AssistantMessage run(ChatRequest request) {
            sent = request;
            int retries = 0;
            // One key for the call and all its retries, so a server can tell a retry from a new call.
            CallAttempt attempt = CallAttempt.first();
            while (true) {
                state.move(CallState.CALLING);
                ModelStream stream = null;
                try {
                    if (control.aborted()) {
                        throw new Stopped();
                    }
                    CallAttempt current = attempt;
                    stream = PluginCode.call(model, () -> model.stream(request, control.signal(), current));
                    control.attach(stream);
                    state.move(CallState.STREAMING);
                    return consume(stream);
                } catch (ModelException e) {
                    if (control.aborted() || retries >= retry.maxRetries() || !PluginCode.call(retry.classifier(), () -> retry.classifier().isRetryable(e))) {
                        throw e;
                    }
                    retries++;
                    attempt = attempt.next();
                    Optional<Duration> asked = e instanceof RetryableModelException r ? r.retryAfter()
                            : Optional.empty();
                    Duration delay = retry.delay(retries, asked);
                    state.move(CallState.RETRYING);
                    // Published before the wait, so the wait is shown while it lasts.
                    events.publish(new AgentEvent.Retrying(retries, delay, e.getMessage() + retry.setAside(asked)));
                    if (!time.sleep(delay, control.signal())) {
                        throw new Stopped();
                    }
                } finally {
                    if (stream != null) {
                        control.detach();
                        stream.close();
                    }
                }
            }
        }

        private AssistantMessage consume(ModelStream stream) {
            assembler = new StreamAssembler();
            while (true) {
                StreamEvent event = PluginCode.call(stream, stream::next);
                if (event == null) {
                    throw new RetryableModelException("model '" + model.name()
                            + "': the response stream ended without its final event (the response was cut off)");
                }
                switch (event) {
                    case StreamEvent.Finish finish -> {
                        return assembler.finish(finish.stopReason());
                    }
                    case StreamEvent.TextDelta delta -> {
                        assembler.accept(delta);
                        show(delta.text());
                    }
                    case StreamEvent.ReasoningDelta delta -> {
                        assembler.accept(delta);
                        events.publish(new AgentEvent.ReasoningDelta(delta.text()));
                    }
                    case StreamEvent.ToolCallStart start -> {
                        assembler.accept(start);
                        if (events.active()) {
                            events.publish(new AgentEvent.ToolCallDelta(start.index(), start.id(), start.name(), ""));
                        }
                    }
                    case StreamEvent.ToolCallArgumentsDelta delta -> {
                        assembler.accept(delta);
                        if (events.active()) {
                            StreamEvent.ToolCallStart start = assembler.call(delta.index());
                            events.publish(new AgentEvent.ToolCallDelta(delta.index(), start.id(), start.name(),
                                    delta.fragment()));
                        }
                    }
                    default -> assembler.accept(event);
                }
            }
        }

        private void show(String text) {
            if (hooks.printsAsIs()) {
                if (events.active()) {
                    events.publish(new AgentEvent.TextDelta(text));
                }
                return;
            }
            hooks.print(text, shown -> {
                if (!shown.isEmpty()) {
                    events.publish(new AgentEvent.TextDelta(shown));
                }
                return shown;
            });
        }

        /**
         * The call stopped: the text streamed before, without any (possibly partial) tool call, and the
         * tokens spent on what was streamed.
         */
        Outcome.Aborted stopped() {
            if (assembler == null) {
                return new Outcome.Aborted(Optional.empty(), Usage.ZERO);
            }
            Usage spent = assembler.spentSoFar(sent.messages(), estimator);
            AssistantMessage soFar = withoutToolCalls(assembler.finish(StopReason.OTHER));
            return new Outcome.Aborted(soFar.text().isEmpty() ? Optional.empty() : Optional.of(
                    new AssistantMessage(soFar.content(), spent, StopReason.OTHER)), spent);
        }
    }
}
