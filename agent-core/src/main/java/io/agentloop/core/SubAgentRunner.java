package io.agentloop.core;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.event.AgentListener;
import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.core.run.EventPublisher;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * Runs a task on a sub-agent for one of its parent's tool calls, whichever tool asked ({@code task}
 * or an agent given as a tool). The sub-agent runs under the call's cancellation and tool timeout,
 * its tokens count in the calling run, its events reach the calling run's listeners as
 * {@link AgentEvent.SubAgent}, and its failure is the call's error (the calling run goes on). At most
 * {@code maxFanOut} sub-agents run at once for one run, whatever tools started them; a sub-agent
 * deeper than {@code maxDepth} is refused with a result that says so.
 */
final class SubAgentRunner {
    static final String FAILED = "sub_agent_failed";
    static final String LIMIT = "sub_agent_limit";

    /** Builds the sub-agent of a profile, once: it serves every call of that profile. */
    private final Function<SubAgentProfile, Agent> build;
    private final Map<String, Agent> agents = new ConcurrentHashMap<>();
    /** The calling agent's runs under way: a sub-agent's events go to its parent run's listeners. */
    private final Map<String, EventPublisher> liveRuns;
    private final int depth;
    private final int maxDepth;
    private final int maxFanOut;
    private final Map<String, AtomicInteger> running = new ConcurrentHashMap<>();

    /** @param depth how deep the agent whose tools use this is (0: a top agent) */
    SubAgentRunner(Function<SubAgentProfile, Agent> build, Map<String, EventPublisher> liveRuns, int depth,
                   int maxDepth, int maxFanOut) {
        this.build = build;
        this.liveRuns = liveRuns;
        this.depth = depth;
        this.maxDepth = maxDepth;
        this.maxFanOut = maxFanOut;
    }

    /** Whether the agent whose tools use this may hand tasks on (its sub-agents stay within the depth limit). */
    boolean allowed() {
        return depth + 1 <= maxDepth;
    }

    /** The sub-agent of a profile, built at its first use. */
    Agent agent(SubAgentProfile profile) {
        return agents.computeIfAbsent(profile.name(), name -> build.apply(profile));
    }

    ToolResult run(SubAgentProfile profile, String task, ToolContext context) {
        if (depth + 1 > maxDepth) {
            return ToolResult.failure(LIMIT, "sub-agents may not start sub-agents more than " + maxDepth
                    + " level(s) deep: do this task yourself");
        }
        AtomicInteger now = running.computeIfAbsent(context.runId(), id -> new AtomicInteger());
        Optional<ToolResult> refused = beyondFanOut(now.incrementAndGet() - 1);
        if (refused.isPresent()) {
            now.decrementAndGet();
            return refused.get();
        }
        try {
            Agent agent = agent(profile);
            AtomicReference<String> runId = new AtomicReference<>("");
            EventPublisher parent = liveRuns.get(context.runId());
            AgentListener forward = event -> {
                if (event instanceof AgentEvent.RunStarted started) {
                    runId.set(started.runId());
                }
                if (parent != null) {
                    parent.publish(new AgentEvent.SubAgent(profile.name(), agent.id(), runId.get(), context.runId(),
                            event));
                }
            };
            RunResult result = agent.run(List.of(), task, context.cancellation(), forward, context.runId());
            context.reportUsage(result.usage());
            return outcome(profile, result);
        } finally {
            if (now.decrementAndGet() == 0) {
                running.remove(context.runId(), now);
            }
        }
    }

    /** The result of a hand-off refused while {@code running} sub-agents of its run are under way; empty when it may start. */
    Optional<ToolResult> beyondFanOut(int running) {
        return running < maxFanOut ? Optional.empty() : Optional.of(ToolResult.failure(LIMIT, "at most " + maxFanOut
                + " sub-agents run at once for one run: wait for their answers, then hand out the rest"));
    }

    static ToolResult outcome(SubAgentProfile profile, RunResult result) {
        Map<String, Object> data = Map.of("agent", profile.name(), "run_id", result.runId(),
                "iterations", result.iterations(), "input_tokens", result.usage().inputTokens(),
                "output_tokens", result.usage().outputTokens());
        if (result.success()) {
            return new ToolResult.Success(result.text(), data);
        }
        if (result.state() == AgentState.COMPLETED && result.reason().orElseThrow() == TerminalReason.CANCELLED) {
            return ToolResult.failure(ToolResult.Failure.CANCELLED, "sub-agent '" + profile.name() + "' was stopped");
        }
        String why = result.error().map(Throwable::getMessage)
                .orElse("it ended without an answer (" + result.reason().map(Enum::name).orElse("failed") + ")");
        return ToolResult.failure(FAILED, "sub-agent '" + profile.name() + "' failed: " + why
                + (result.text().isEmpty() ? "" : "; its last words: " + result.text()));
    }
}
