package io.agentloop.core.loop;

import io.agentloop.api.event.AgentListener;
import io.agentloop.api.memory.CompactionStrategy;
import io.agentloop.api.memory.Memory;
import io.agentloop.api.memory.TokenEstimator;
import io.agentloop.api.model.ChatModel;
import io.agentloop.api.model.ChatOptions;
import io.agentloop.api.run.DecisionPolicy;
import io.agentloop.api.run.RunOptions;
import io.agentloop.api.tool.Workspace;
import io.agentloop.core.call.RetryPolicy;
import io.agentloop.core.hook.Hooks;
import io.agentloop.core.permission.PermissionGate;
import io.agentloop.core.run.RunJournal;
import io.agentloop.core.time.Timekeeper;
import io.agentloop.core.tool.ToolSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * Everything about an agent that does not change between its runs (the permission gate's
 * remembered approvals aside). Immutable; shared by concurrent runs. {@code secretMask} masks
 * secrets in every tool result before the model sees it; {@code memory} is the template each run
 * gets its short-term memory from; {@code journal} is where its runs are recorded;
 * {@code pausesForApproval} says whether a call no one can approve pauses a run (an agent of its
 * own) or is denied (a sub-agent, whose parent's call cannot pause).
 */
public record LoopSettings(ChatModel model, ChatOptions chatOptions, ToolSet tools, Hooks hooks, List<AgentListener> listeners,
                           RunOptions options, RetryPolicy retry, Timekeeper time,
                           Map<String, CompactionStrategy> compactionStrategies, TokenEstimator estimator,
                           Workspace workspace, PermissionGate permissions, UnaryOperator<String> secretMask,
                           DecisionPolicy decisions, Memory memory, RunJournal journal, boolean pausesForApproval) {
    public LoopSettings {
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(chatOptions, "chatOptions");
        Objects.requireNonNull(tools, "tools");
        Objects.requireNonNull(hooks, "hooks");
        listeners = List.copyOf(listeners);
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(retry, "retry");
        Objects.requireNonNull(time, "time");
        compactionStrategies = Map.copyOf(compactionStrategies);
        Objects.requireNonNull(estimator, "estimator");
        Objects.requireNonNull(workspace, "workspace");
        Objects.requireNonNull(permissions, "permissions");
        Objects.requireNonNull(secretMask, "secretMask");
        Objects.requireNonNull(decisions, "decisions");
        Objects.requireNonNull(memory, "memory");
        Objects.requireNonNull(journal, "journal");
    }

    /** The same settings with another permission gate (a durable run's step, in the run's own mode). */
    public LoopSettings withPermissions(PermissionGate other) {
        return new LoopSettings(model, chatOptions, tools, hooks, listeners, options, retry, time, compactionStrategies,
                estimator, workspace, other, secretMask, decisions, memory, journal, pausesForApproval);
    }

    /** The same settings with other tools. */
    public LoopSettings withTools(ToolSet other) {
        return new LoopSettings(model, chatOptions, other, hooks, listeners, options, retry, time, compactionStrategies,
                estimator, workspace, permissions, secretMask, decisions, memory, journal, pausesForApproval);
    }

    /** The same settings with another clock (a durable engine's, which its replays read back). */
    public LoopSettings withTime(Timekeeper other) {
        return new LoopSettings(model, chatOptions, tools, hooks, listeners, options, retry, other, compactionStrategies,
                estimator, workspace, permissions, secretMask, decisions, memory, journal, pausesForApproval);
    }
}
