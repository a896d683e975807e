package io.agentloop.api.run;

import io.agentloop.api.AgentException;
import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.Usage;
import io.agentloop.api.tool.ToolResult;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * How a run ended, with everything it produced. Nothing is lost on failure or cancellation:
 * {@link #messages()} holds every message up to the point the run stopped, and every tool call
 * that was made has its result there.
 *
 * @param runId        the run's id
 * @param state        {@link AgentState#COMPLETED} or {@link AgentState#FAILED}
 * @param reason       why a completed run stopped; empty for a failed run
 * @param finalMessage the last assistant message, if the model produced one
 * @param messages     the whole conversation: the input messages and what the run added
 * @param iterations   how many model calls the loop made (a final summary not counted)
 * @param toolCalls    every executed tool call, in order
 * @param usage        the tokens of all model calls of the run
 * @param duration     the run's wall-clock time
 * @param error        what failed, for a failed run
 * @param output       for a run asked for a structured answer: the answer as a value valid under its
 *                     schema (maps, lists, strings, numbers, booleans)
 * @param openTurn     for a run that stopped with tool calls of its last turn not all carried out
 *                     (paused for approval, or stopped meanwhile): that turn and how far each call got;
 *                     {@code messages} then ends before it. Go on with {@link Resumption#of}.
 * @param executableConfig the files other programs run or obey later, outside any sandbox (a
 *                     {@code Makefile}, {@code package.json}, {@code .envrc}, an editor's tasks, a git
 *                     hook manager's configuration, a rebase todo...), that the run's tool calls changed
 *                     and that stay changed, as paths relative to the workspace root (absolute outside
 *                     it), in the order first changed: read them before you run those programs
 */
public record RunResult(String runId, AgentState state, Optional<TerminalReason> reason,
                        Optional<AssistantMessage> finalMessage, List<Message> messages, int iterations,
                        List<ToolCallRecord> toolCalls, Usage usage, Duration duration,
                        Optional<AgentException> error, Optional<Object> output, Optional<OpenTurn> openTurn,
                        List<String> executableConfig) {
    public RunResult {
        Objects.requireNonNull(runId, "runId");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(finalMessage, "finalMessage");
        messages = List.copyOf(messages);
        toolCalls = List.copyOf(toolCalls);
        Objects.requireNonNull(usage, "usage");
        Objects.requireNonNull(duration, "duration");
        Objects.requireNonNull(error, "error");
        Objects.requireNonNull(output, "output");
        Objects.requireNonNull(openTurn, "openTurn");
        executableConfig = List.copyOf(executableConfig);
        if (!state.isTerminal()) {
            throw new IllegalArgumentException("a run result needs a terminal state, not " + state);
        }
        if ((state == AgentState.COMPLETED) != reason.isPresent()) {
            throw new IllegalArgumentException("a completed run has a reason, a failed one has none");
        }
    }

    /** A result that changed no file other programs run. */
    public RunResult(String runId, AgentState state, Optional<TerminalReason> reason,
                     Optional<AssistantMessage> finalMessage, List<Message> messages, int iterations,
                     List<ToolCallRecord> toolCalls, Usage usage, Duration duration, Optional<AgentException> error,
                     Optional<Object> output, Optional<OpenTurn> openTurn) {
        this(runId, state, reason, finalMessage, messages, iterations, toolCalls, usage, duration, error, output,
                openTurn, List.of());
    }

    /** A result without an open turn. */
    public RunResult(String runId, AgentState state, Optional<TerminalReason> reason,
                     Optional<AssistantMessage> finalMessage, List<Message> messages, int iterations,
                     List<ToolCallRecord> toolCalls, Usage usage, Duration duration, Optional<AgentException> error,
                     Optional<Object> output) {
        this(runId, state, reason, finalMessage, messages, iterations, toolCalls, usage, duration, error, output,
                Optional.empty());
    }

    /** A result without a structured answer. */
    public RunResult(String runId, AgentState state, Optional<TerminalReason> reason,
                     Optional<AssistantMessage> finalMessage, List<Message> messages, int iterations,
                     List<ToolCallRecord> toolCalls, Usage usage, Duration duration, Optional<AgentException> error) {
        this(runId, state, reason, finalMessage, messages, iterations, toolCalls, usage, duration, error,
                Optional.empty(), Optional.empty());
    }

    /** The run paused: tool calls wait for a person's decision ({@link #pending()}). */
    public boolean awaitingApproval() {
        return reason.filter(r -> r == TerminalReason.AWAITING_APPROVAL).isPresent();
    }

    /** The calls that wait for a person's decision, in call order; empty unless the run paused. */
    public List<PendingCall> pending() {
        return openTurn.map(OpenTurn::undecided).orElse(List.of());
    }

    /** Completed because the model answered. */
    public boolean success() {
        return state == AgentState.COMPLETED && reason.orElseThrow() == TerminalReason.ANSWERED;
    }

    /**
     * The tool calls that did not run because a permission rule, the mode or a person refused them
     * (results with the code {@link io.agentloop.api.tool.ToolResult.Failure#DENIED}). A run can
     * answer even though some of its calls were denied: check this before trusting that it acted.
     */
    public List<ToolCallRecord> deniedCalls() {
        return toolCalls.stream().filter(record -> record.result() instanceof ToolResult.Failure failure
                && failure.code().equals(ToolResult.Failure.DENIED)).toList();
    }

    /** The final answer's text, or an empty string. */
    public String text() {
        return finalMessage.map(AssistantMessage::text).orElse("");
    }

    /** The same result with another final message (used by post-reply hooks). */
    public RunResult withFinalMessage(AssistantMessage message) {
        return new RunResult(runId, state, reason, Optional.of(message), messages, iterations, toolCalls,
                usage, duration, error, output, openTurn, executableConfig);
    }
}
