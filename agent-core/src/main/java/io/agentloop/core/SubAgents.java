package io.agentloop.core;

import io.agentloop.api.message.ToolCall;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.core.tool.ToolSet;
import java.util.Optional;

/**
 * A parent's tool calls that hand a task to a sub-agent, seen from outside the call: for a durable
 * engine, which runs the sub-agent's run as a run of its own (a child workflow) instead of inside the
 * parent's tool call, and gives the call its result afterwards, as the call would have.
 */
public final class SubAgents {
    private SubAgents() {
    }

    /** A call that hands {@code task} to the sub-agent of {@code profile}. */
    public record Handoff(String profile, Agent agent, String task) {
    }

    /**
     * The hand-off this call of {@code parent}'s is: empty when it is no sub-agent's call, when its
     * arguments do not name one (the call itself then says what is wrong), or when the parent may not
     * hand tasks on (the depth limit; the call itself says so).
     */
    public static Optional<Handoff> of(Agent parent, ToolCall call) {
        ToolSet tools = parent.settings().tools();
        ToolSet.Entry entry = tools.get(call.name());
        if (entry == null || !(entry.tool() instanceof SubAgentTool tool) || !tool.runner().allowed()) {
            return Optional.empty();
        }
        ToolArguments arguments;
        try {
            arguments = tools.arguments(call.arguments());
        } catch (RuntimeException e) {
            return Optional.empty();
        }
        SubAgentProfile profile = tool.profile(arguments);
        Optional<String> task = arguments.string(SubAgentTool.TASK);
        if (profile == null || task.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Handoff(profile.name(), tool.runner().agent(profile), task.get()));
    }

    /**
     * The result of {@code call}, a hand-off of {@code parent}'s, refused by the fan-out limit while
     * {@code running} sub-agents of the same run are under way (as a local run refuses it); empty
     * when it may start.
     */
    public static Optional<ToolResult> beyondFanOut(Agent parent, ToolCall call, int running) {
        ToolSet.Entry entry = parent.settings().tools().get(call.name());
        return entry != null && entry.tool() instanceof SubAgentTool tool ? tool.runner().beyondFanOut(running)
                : Optional.empty();
    }

    /** The sub-agent of {@code parent}'s profile of this name. */
    public static Optional<Agent> child(Agent parent, String profile) {
        ToolSet tools = parent.settings().tools();
        for (io.agentloop.api.tool.ToolSpec spec : tools.specs()) {
            if (tools.get(spec.name()).tool() instanceof SubAgentTool tool) {
                Optional<SubAgentProfile> found = tool.profileNamed(profile);
                if (found.isPresent()) {
                    return Optional.of(tool.runner().agent(found.get()));
                }
            }
        }
        return Optional.empty();
    }

    /** The result of a hand-off's call, from the sub-agent's run: its answer, or why it has none. */
    public static ToolResult result(String profile, RunResult result) {
        return SubAgentRunner.outcome(new SubAgentProfile(profile, "", "", java.util.List.of(), Optional.empty(),
                Optional.empty(), false), result);
    }
}
