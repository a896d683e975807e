package io.agentloop.core;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.event.AgentListener;
import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * {@code task}: hands a task to a sub-agent of one of the agent's profiles and returns its answer.
 * The sub-agent runs under the caller's cancellation and tool timeout, its tokens count in the
 * calling run, its events reach the caller's listeners as {@link AgentEvent.SubAgent}, and its
 * failure is this call's error (the calling run goes on). Calls in one turn run in parallel, up to
 * the fan-out limit; a sub-agent deeper than the depth limit is refused with a result that says so.
 * The tool itself changes nothing: every call the sub-agent makes goes through the same
 * permission rules, so it counts as read-only.
 */
final class TaskTool implements Tool {
    static final String NAME = "task";
    static final String FAILED = "sub_agent_failed";
    static final String LIMIT = "sub_agent_limit";

    private final Map<String, SubAgentProfile> profiles = new LinkedHashMap<>();
    /** Builds the sub-agent of a profile, once: it serves every call of that profile. */
    private final Function<SubAgentProfile, Agent> build;
    private final Map<String, Agent> agents = new ConcurrentHashMap<>();
    private final List<AgentListener> parentListeners;
    private final int depth;
    private final int maxDepth;
    private final int maxFanOut;
    private final Map<String, AtomicInteger> running = new ConcurrentHashMap<>();
    private final ToolSpec spec;

    /** @param depth how deep the agent with this tool is (0: a top agent) */
    TaskTool(List<SubAgentProfile> profiles, Function<SubAgentProfile, Agent> build,
             List<AgentListener> parentListeners, int depth, int maxDepth, int maxFanOut) {
        profiles.forEach(p -> this.profiles.put(p.name(), p));
        this.build = build;
        this.parentListeners = List.copyOf(parentListeners);
        this.depth = depth;
        this.maxDepth = maxDepth;
        this.maxFanOut = maxFanOut;
        StringBuilder description = new StringBuilder("Hands a task to a sub-agent and returns its answer. Give it "
                + "everything it needs to know: it sees only the task. Several calls in one turn run in parallel. "
                + "Sub-agents:");
        profiles.forEach(p -> description.append("\n- ").append(p.name()).append(": ").append(p.description()));
        this.spec = ToolSpec.builder(NAME).description(description.toString())
                .parameter("agent", Map.of("type", "string", "enum", List.copyOf(this.profiles.keySet()),
                        "description", "which sub-agent"), true)
                .stringParameter("task", "the task, complete and self-contained", true).build();
    }

    @Override
    public ToolSpec spec() {
        return spec;
    }

    @Override
    public boolean readOnly() {
        return true;
    }

    @Override
    public ToolResult execute(ToolArguments arguments, ToolContext context) {
        SubAgentProfile profile = profiles.get(arguments.requireString("agent"));
        if (depth + 1 > maxDepth) {
            return ToolResult.failure(LIMIT, "sub-agents may not start sub-agents more than " + maxDepth
                    + " level(s) deep: do this task yourself");
        }
        AtomicInteger now = running.computeIfAbsent(context.runId(), id -> new AtomicInteger());
        if (now.incrementAndGet() > maxFanOut) {
            now.decrementAndGet();
            return ToolResult.failure(LIMIT, "at most " + maxFanOut + " sub-agents run at once for one run: wait "
                    + "for their answers, then hand out the rest");
        }
        try {
            Agent agent = agents.computeIfAbsent(profile.name(), name -> build.apply(profile));
            AtomicReference<String> runId = new AtomicReference<>("");
            AgentListener forward = event -> {
                if (event instanceof AgentEvent.RunStarted started) {
                    runId.set(started.runId());
                }
                AgentEvent tagged = new AgentEvent.SubAgent(profile.name(), agent.id(), runId.get(), context.runId(),
                        event);
                parentListeners.forEach(listener -> listener.onEvent(tagged));
            };
            RunResult result = agent.run(List.of(), arguments.requireString("task"), context.cancellation(), forward,
                    context.runId());
            context.reportUsage(result.usage());
            return outcome(profile, result);
        } finally {
            if (now.decrementAndGet() == 0) {
                running.remove(context.runId(), now);
            }
        }
    }

    private static ToolResult outcome(SubAgentProfile profile, RunResult result) {
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
