package io.agentloop.core.tool;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.api.tool.ToolResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Carries out the tool calls of one model turn (the inner machine's {@code TOOL_EXECUTING} state),
 * as the run planned them.
 *
 * <p>Calls are cut, in order, into batches: consecutive concurrency-safe calls form one batch that
 * runs in parallel, each on a virtual thread of its own ({@link RunningCall}); a call that is not
 * concurrency-safe (or every call, when parallel tool calls are off) is a batch of its own. Batches
 * run one after another, so tools that change things run one at a time in call order. Before a call
 * starts, its intent is on the run's record; when it ends, its outcome. Outcomes come back in call
 * order whatever order the calls finish in; every call gets exactly one.
 */
public final class ToolCalls {
    private final ToolSettings settings;
    private final CallScope scope;
    private final ReentrantLock thatChangeThings = new ReentrantLock(true);
    private final ResultCache cache;

    /** Calls carried out with no cache of results. */
    public ToolCalls(ToolSettings settings, CallScope scope) {
        this(settings, scope, false, Set.of());
    }

    /**
     * @param cacheResults  whether a repeated read-only call may be answered with its earlier result
     * @param uncachedTools tools whose calls always run
     */
    public ToolCalls(ToolSettings settings, CallScope scope, boolean cacheResults, Set<String> uncachedTools) {
        this.settings = settings;
        this.scope = scope;
        this.cache = new ResultCache(cacheResults, uncachedTools);
    }

    /** Carries out the plans; returns one outcome per plan, in order. */
    public List<CallOutcome> run(List<CallPlan> plans) {
        CallOutcome[] outcomes = new CallOutcome[plans.size()];
        List<RunningCall> batch = new ArrayList<>(plans.size());
        int[] places = new int[plans.size()];
        for (int i = 0; i < plans.size(); i++) {
            switch (plans.get(i)) {
                case CallPlan.Settle settle -> {
                    scope.events().publish(new AgentEvent.ToolCallStarted(settle.call().id(), settle.call().name(),
                            settle.call().arguments()));
                    outcomes[i] = RunningCall.finish(settle.call(), settle.call(), settle.result(), Duration.ZERO,
                            settings, scope);
                }
                case CallPlan.Run run -> {
                    boolean parallel = settings.parallel() && concurrencySafe(run.call());
                    if (!parallel) {
                        join(batch, places, outcomes);
                    }
                    places[batch.size()] = i;
                    batch.add(start(run));
                    if (!parallel) {
                        join(batch, places, outcomes);
                    }
                }
            }
        }
        join(batch, places, outcomes);
        return List.of(outcomes);
    }

    /**
     * Starts one call: its intent goes on record first. When the record can no longer be written,
     * a call that could change something does not start and the run ends {@code SAVE_FAILED}: nothing
     * is done that is not on record.
     */
    private RunningCall start(CallPlan.Run run) {
        ToolCall call = run.call();
        if (scope.events().active()) {
            scope.events().publish(new AgentEvent.ToolCallStarted(call.id(), call.name(), call.arguments()));
        }
        if (!scope.journal().mayRun(call.name())) {
            String why = "the run's record can no longer be written (" + scope.journal().failure()
                    .map(RuntimeException::getMessage).orElse("unknown failure") + "), so the run stopped before "
                    + call.name() + ", which could change something that would then not be on record";
            scope.control().abort(TerminalReason.SAVE_FAILED, why);
            return new RunningCall(new CallPlan.Run(call, false), settings, scope, thatChangeThings, cache)
                    .refuse(ToolResult.failure(ToolResult.Failure.DENIED, "not run: " + why));
        }
        scope.journal().started(call);
        return new RunningCall(run, settings, scope, thatChangeThings, cache).start();
    }

    private boolean concurrencySafe(ToolCall call) {
        ToolSet.Entry entry = settings.tools().get(call.name());
        return entry == null || entry.tool().concurrencySafe();
    }

    /** Waits for the batch's calls; {@code places} holds each one's place among the turn's calls. */
    private static void join(List<RunningCall> batch, int[] places, CallOutcome[] outcomes) {
        for (int i = 0; i < batch.size(); i++) {
            outcomes[places[i]] = batch.get(i).outcome.join();
        }
        batch.clear();
    }

    /**
     * Runs one call outside any model turn, as a run would (acting hooks, validation, the permission
     * gate, the timeout, secrets masked): for serving an agent's tools to other programs.
     */
    public ToolResult serve(ToolCall call) {
        return switch (run(List.of(new CallPlan.Run(call, false))).getFirst()) {
            case CallOutcome.Finished finished -> finished.result();
            case CallOutcome.Pending pending -> throw new IllegalStateException("a served call cannot pause");
        };
    }
}
