package io.agentloop.plugins.otel;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.hook.ActingInterceptor;
import io.agentloop.api.hook.HookContext;
import io.agentloop.api.hook.ReasoningInterceptor;
import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.Usage;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.PendingCall;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.tool.ToolResult;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.TracerProvider;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.ContextKey;
import io.opentelemetry.context.Scope;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;

/**
 * Turns runs into spans and metrics. One per plugin, shared by its three extensions, which are created
 * separately by the platform: the listener ({@link RunSpanListener}) opens and closes each run's
 * {@code invoke_agent} span and records what only events tell (retries, compactions, iterations,
 * approvals, plan steps); the interceptors ({@link ChatSpanInterceptor}, {@link ToolSpanInterceptor})
 * wrap each model call in a {@code chat} span and each tool call in an {@code execute_tool} span.
 *
 * <p>Hooks and listeners serve every run at once, so per-run state is kept by run id and dropped at
 * the run's end. Events carry no run id, except a sub-agent's (tagged with it): an event is placed by
 * the OpenTelemetry context of the thread that publishes it, where the run's start put its id (a run's
 * loop and a sub-agent's run each publish from their own thread). A sub-agent runs on its tool call's
 * thread, inside that call's span, so its run's span is that call's child.
 */
final class RunTracer {
    private static final ContextKey<String> RUN = ContextKey.named("agentloop.run");
    private static final ContextKey<Span> CHAT = ContextKey.named("agentloop.chat");
    /** The run whose tool call this thread ran last: the call's end events come from its thread, untagged. */
    private static final ThreadLocal<RunTrace> ACTING = new ThreadLocal<>();
    private static final String PENDING = "pending";

    /**
     * False on OpenTelemetry's no-op (the plugin not configured): then a run pays nothing but a check.
     * With metrics only, the tracer is the no-op one: runs are followed for their figures, spans cost nothing.
     */
    private final boolean enabled;
    private final Tracer tracer;
    private final LoopMetrics metrics;
    private final boolean captureContent;
    private final UnaryOperator<String> redactor;
    private final String provider;
    private final McpServers mcp;
    private final PausedRuns paused;
    private final Map<String, RunTrace> runs = new ConcurrentHashMap<>();
    private final Map<String, Span> planSteps = new ConcurrentHashMap<>();
    /**
     * The platform's secret mask, as the last run's hooks offered it ({@link HookContext#redact}): for
     * content that comes with no run (a plan step's text). Until a run has offered one, such content
     * is left off.
     */
    private volatile UnaryOperator<String> platformRedactor;

    /**
     * @param captureContent whether messages, tool arguments and results go on spans
     * @param redactor       applied to content after the run's own secret mask ({@link HookContext#redact})
     * @param provider       the {@code gen_ai.provider.name} of model calls whose model does not name its provider
     */
    RunTracer(OpenTelemetry openTelemetry, boolean captureContent, UnaryOperator<String> redactor, String provider,
              McpServers mcp, PausedRuns paused) {
        this.enabled = openTelemetry != OpenTelemetry.noop();
        this.tracer = openTelemetry.tracerBuilder(GenAi.INSTRUMENTATION)
                .setSchemaUrl("https://opentelemetry.io/schemas/" + GenAi.SEMCONV_VERSION).build();
        this.metrics = new LoopMetrics(openTelemetry);
        // Without a tracer (metrics only) spans are no-ops: content for them is not even written.
        this.captureContent = captureContent && openTelemetry.getTracerProvider() != TracerProvider.noop();
        this.redactor = redactor;
        this.provider = provider;
        this.mcp = mcp;
        this.paused = paused;
    }

    // The listener's side.

    void onEvent(AgentEvent event) {
        if (!enabled) {
            return;
        }
        Optional<String> tagged = Optional.empty();
        AgentEvent inner = event;
        while (inner instanceof AgentEvent.SubAgent sub) {
            tagged = Optional.of(sub.runId());
            inner = sub.event();
        }
        AgentEvent finalInner = inner;
        switch (inner) {
            case AgentEvent.RunStarted started -> started(started);
            case AgentEvent.RunCompleted completed -> completed(completed.result());
            case AgentEvent.StepStarted step -> stepStarted(step);
            case AgentEvent.StepCompleted step -> stepCompleted(step);
            default -> tagged.or(() -> Optional.ofNullable(Context.current().get(RUN))).map(runs::get)
                    .or(() -> Optional.ofNullable(ACTING.get())).ifPresent(run -> during(run, finalInner));
        }
        if (inner instanceof AgentEvent.ToolCallPending || inner instanceof AgentEvent.ToolCallCompleted) {
            ACTING.remove();
        }
    }

    private void started(AgentEvent.RunStarted started) {
        Instant now = Instant.now();
        Context parent = Context.current();
        RunTrace run = new RunTrace(started.runId(), started.agent(), started.parentRunId().isPresent(), parent,
                now.getEpochSecond() * 1_000_000_000L + now.getNano());
        runs.put(run.runId, run);
        // Published on the run's thread, as its end is: what the run publishes in between finds it here.
        // No span current in the run's own scope: a sub-agent's steps go under its run's span, not under
        // the tool call it runs in (that is where its run's span goes).
        run.openScope(parent.with(RUN, run.runId).with(Span.getInvalid()));
    }

    private void during(RunTrace run, AgentEvent event) {
        switch (event) {
            case AgentEvent.IterationStarted ignored -> metrics.iteration(run.agent);
            case AgentEvent.Retrying retry -> {
                metrics.retry(run.agent);
                Span chat = Context.current().get(CHAT);
                if (chat != null) {
                    chat.addEvent(GenAi.RETRY_EVENT, Attributes.of(GenAi.RETRY_ATTEMPT, (long) retry.attempt(),
                            GenAi.RETRY_DELAY, retry.delay().toNanos() / 1e9));
                }
            }
            case AgentEvent.StateChanged changed when changed.to() == AgentState.COMPACTING ->
                    run.compactionStarted(tracer.spanBuilder(GenAi.COMPACTION).setSpanKind(SpanKind.INTERNAL)
                            .setParent(Context.current().with(runSpan(run, List.of()))).startSpan());
            case AgentEvent.StateChanged changed when changed.from() == AgentState.COMPACTING ->
                    run.compactionEnded().ifPresent(span -> {
                        if (changed.to() == AgentState.FAILED) {
                            span.setStatus(StatusCode.ERROR);
                        }
                        span.end();
                    });
            case AgentEvent.Compacted compacted -> {
                metrics.compaction(run.agent, compacted.strategy());
                run.compaction().ifPresent(span -> span.setAttribute(GenAi.COMPACTION_STRATEGY, compacted.strategy())
                        .setAttribute(GenAi.COMPACTION_BEFORE, (long) compacted.before())
                        .setAttribute(GenAi.COMPACTION_AFTER, (long) compacted.after()));
            }
            case AgentEvent.ToolCallPending pending -> {
                metrics.approvalWaited(pending.name());
                run.settled(pending.id()).ifPresent(span -> settle(span, pending.name(), PENDING));
            }
            case AgentEvent.ToolCallCompleted completed -> run.settled(completed.id()).ifPresent(span -> settle(span,
                    completed.name(), completed.result() instanceof ToolResult.Failure failure ? failure.code() : GenAi.OK));
            default -> {
                // the rest is on the call spans already, or too fine-grained for a trace
            }
        }
    }

    private void completed(RunResult result) {
        RunTrace run = runs.remove(result.runId());
        if (run == null) {
            return; // a run that started before this plugin did
        }
        Span span = runSpan(run, List.of());
        String outcome = result.state() == AgentState.FAILED ? "failed"
                : result.reason().orElseThrow().name().toLowerCase(Locale.ROOT);
        span.setAttribute(GenAi.RUN_OUTCOME, outcome).setAttribute(GenAi.RUN_ITERATIONS, (long) result.iterations());
        result.error().ifPresent(error -> span.setAttribute(GenAi.ERROR_TYPE, error.getClass().getName())
                .setStatus(StatusCode.ERROR));
        if (result.awaitingApproval()) {
            paused.paused(span.getSpanContext(), result.pending().stream().map(PendingCall::call).map(ToolCall::id)
                    .toList());
        }
        run.compactionEnded().ifPresent(Span::end);
        run.unsettled().forEach(call -> call.setAttribute(GenAi.TOOL_OUTCOME, PENDING).end());
        span.end();
        metrics.runEnded(run.agent, outcome);
        run.closeScope();
    }

    private void stepStarted(AgentEvent.StepStarted step) {
        Span span = tracer.spanBuilder(GenAi.PLAN_STEP + " " + step.id()).setSpanKind(SpanKind.INTERNAL)
                .setAttribute(GenAi.PLAN_STEP_ID, step.id()).startSpan();
        planContent(step.description()).ifPresent(text -> span.setAttribute(GenAi.PLAN_STEP_DESCRIPTION, text));
        Span earlier = planSteps.put(step.id(), span);
        if (earlier != null) {
            earlier.end(); // a plan made again reuses the step's id
        }
    }

    private void stepCompleted(AgentEvent.StepCompleted step) {
        Span span = planSteps.remove(step.id());
        if (span == null) {
            return;
        }
        span.setAttribute(GenAi.TOOL_OUTCOME, step.ok() ? GenAi.OK : "failed");
        if (!step.ok()) {
            span.setStatus(StatusCode.ERROR);
        }
        planContent(step.result()).ifPresent(text -> span.setAttribute(GenAi.PLAN_STEP_RESULT, text));
        span.end();
    }

    private Optional<String> planContent(String text) {
        UnaryOperator<String> platform = platformRedactor;
        return captureContent && platform != null ? Optional.of(redactor.apply(platform.apply(text))) : Optional.empty();
    }

    /**
     * Where a step of {@code run} goes: under the span current on this thread (a tool call a tool makes
     * goes under that tool's call), else under the run's span.
     */
    private Context under(RunTrace run, Collection<String> callIds) {
        Span runSpan = runSpan(run, callIds);
        Context current = Context.current();
        return Span.fromContext(current).getSpanContext().isValid() ? current : current.with(runSpan);
    }

    private Span runSpan(RunTrace run, Collection<String> callIds) {
        return run.span(tracer, callIds, paused::resumed);
    }

    // The interceptors' side.

    AssistantMessage reasoning(ReasoningInterceptor.Chain chain) {
        if (!enabled) {
            return chain.proceed(chain.request());
        }
        HookContext context = chain.context();
        platformRedactor = context::redact;
        RunTrace run = runs.get(context.runId());
        if (run == null) {
            return chain.proceed(chain.request());
        }
        ChatRequest request = chain.request();
        String model = context.model().orElse("unknown");
        Attributes call = Attributes.of(GenAi.OPERATION_NAME, GenAi.CHAT,
                GenAi.PROVIDER_NAME, context.provider().map(GenAi::providerName).orElse(provider),
                GenAi.REQUEST_MODEL, model);
        Span span = tracer.spanBuilder(GenAi.CHAT + " " + model).setSpanKind(SpanKind.CLIENT)
                .setParent(under(run, openCalls(request.messages())))
                .setAllAttributes(call).startSpan();
        if (captureContent) {
            span.setAttribute(GenAi.INPUT_MESSAGES, content(context, MessagesJson.of(request.messages())));
        }
        long started = System.nanoTime();
        try (Scope ignored = Context.current().with(span).with(CHAT, span).makeCurrent()) {
            AssistantMessage answer = chain.proceed(request);
            Usage usage = answer.usage();
            // The providers do not say which model served a call: the one asked for is the one named.
            span.setAttribute(GenAi.RESPONSE_MODEL, model)
                    .setAttribute(GenAi.INPUT_TOKENS, usage.inputTokens())
                    .setAttribute(GenAi.OUTPUT_TOKENS, usage.outputTokens())
                    .setAttribute(GenAi.CACHED_INPUT_TOKENS, usage.cachedInputTokens())
                    .setAttribute(GenAi.REASONING_TOKENS, usage.reasoningTokens())
                    .setAttribute(GenAi.FINISH_REASONS, List.of(answer.stopReason().name().toLowerCase(Locale.ROOT)));
            if (captureContent) {
                span.setAttribute(GenAi.OUTPUT_MESSAGES, content(context, MessagesJson.of(List.of(answer))));
            }
            metrics.modelCall(call.toBuilder().put(GenAi.RESPONSE_MODEL, model).build(), Optional.of(usage),
                    Duration.ofNanos(System.nanoTime() - started), Optional.empty());
            return answer;
        } catch (RuntimeException | Error e) {
            String type = e.getClass().getName();
            span.setAttribute(GenAi.ERROR_TYPE, type).setStatus(StatusCode.ERROR);
            metrics.modelCall(call, Optional.empty(), Duration.ofNanos(System.nanoTime() - started), Optional.of(type));
            throw e;
        } finally {
            span.end();
        }
    }

    /** The ids of the tool calls the conversation's last turn asked for: what a resumed run goes on with. */
    private static List<String> openCalls(List<Message> messages) {
        for (int i = messages.size() - 1; i >= 0; i--) {
            if (messages.get(i) instanceof AssistantMessage assistant) {
                return assistant.toolCalls().stream().map(ToolCall::id).toList();
            }
        }
        return List.of();
    }

    ToolResult acting(ActingInterceptor.Chain chain) {
        if (!enabled) {
            return chain.proceed(chain.call());
        }
        HookContext context = chain.context();
        platformRedactor = context::redact;
        RunTrace run = runs.get(context.runId());
        if (run == null) {
            return chain.proceed(chain.call());
        }
        ToolCall call = chain.call();
        Span span = tracer.spanBuilder(GenAi.EXECUTE_TOOL + " " + call.name()).setSpanKind(SpanKind.INTERNAL)
                .setParent(under(run, List.of(call.id())))
                .setAttribute(GenAi.OPERATION_NAME, GenAi.EXECUTE_TOOL).setAttribute(GenAi.TOOL_NAME, call.name())
                .setAttribute(GenAi.TOOL_CALL_ID, call.id()).setAttribute(GenAi.TOOL_TYPE, GenAi.TOOL_TYPE_FUNCTION)
                .startSpan();
        mcp.serverOf(call.name()).ifPresent(server -> span.setAttribute(GenAi.MCP_SERVER, server));
        if (captureContent) {
            span.setAttribute(GenAi.TOOL_ARGUMENTS, content(context, call.arguments()));
        }
        String outcome = GenAi.OK;
        try (Scope ignored = span.makeCurrent()) {
            ToolResult result = chain.proceed(call);
            if (result instanceof ToolResult.Failure failure) {
                outcome = failure.code();
            }
            if (captureContent) {
                span.setAttribute(GenAi.TOOL_RESULT, content(context, result.content()));
            }
            if (outcome.equals(ToolResult.Failure.DENIED)) {
                // Refused, or waiting for a person: which one, the call's end event tells, on this thread.
                run.unsettled(call.id(), span);
                ACTING.set(run);
                outcome = null;
            }
            return result;
        } catch (RuntimeException | Error e) {
            outcome = e.getClass().getName();
            throw e;
        } finally {
            if (outcome != null) {
                settle(span, call.name(), outcome);
            }
        }
    }

    /** Ends a tool call's span with its outcome: {@code ok}, {@code pending} or the error's code. */
    private void settle(Span span, String tool, String outcome) {
        span.setAttribute(GenAi.TOOL_OUTCOME, outcome);
        if (!outcome.equals(GenAi.OK) && !outcome.equals(PENDING)) {
            span.setAttribute(GenAi.ERROR_TYPE, outcome).setStatus(StatusCode.ERROR);
        }
        span.end();
        metrics.toolCall(tool, outcome);
    }

    /** Content as it may leave the process: the run's secrets masked, then this plugin's redactor. */
    private String content(HookContext context, String text) {
        return redactor.apply(context.redact(text));
    }
}
