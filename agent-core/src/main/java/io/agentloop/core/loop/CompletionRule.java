package io.agentloop.core.loop;

import io.agentloop.api.message.ToolCall;
import io.agentloop.api.run.Completion;
import io.agentloop.api.run.ToolCallRecord;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;
import io.agentloop.core.tool.ToolSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The run's completion setting ({@link Completion}) as the {@link Decider} applies it: which tools
 * the model is offered (the run's, plus {@code finish} in finish-tool mode), the result a
 * {@code finish} call gets without running anything, the final answer it carries, and whether an
 * answer lacks the marker. Pure functions of the setting and the tools' declarations.
 */
final class CompletionRule {
    static final String MISSING_MARKER = "Your answer does not say the task is done. If it is, answer again "
            + "with your final answer and the marker %s in it; if it is not, go on working on it.";
    static final String FINISHED = "The run ends with this answer.";

    private static final ToolSpec FINISH_SPEC = ToolSpec.builder(Completion.FINISH)
            .description("Call this once the task is done, with your final answer to the user. The run ends with "
                    + "it: call it alone, after every other call has come back.")
            .stringParameter("answer", "the final answer to the user, complete and as they should read it", true)
            .build();

    private final Completion completion;
    private final ToolSet tools;
    private final List<ToolSpec> offered;

    /**
     * @throws IllegalArgumentException in finish-tool mode, when one of the agent's tools is already
     *                                  named {@code finish}
     */
    CompletionRule(Completion completion, ToolSet tools) {
        this.completion = completion;
        this.tools = tools;
        if (completion.mode() == Completion.Mode.FINISH_TOOL) {
            if (tools.get(Completion.FINISH) != null) {
                throw new IllegalArgumentException("the agent has a tool named '" + Completion.FINISH + "', which the "
                        + "finish-tool completion offers itself: rename that tool or choose another completion "
                        + "(run.completion: answer or marker)");
            }
            List<ToolSpec> specs = new ArrayList<>(tools.specs());
            specs.add(FINISH_SPEC);
            offered = List.copyOf(specs);
        } else {
            offered = tools.specs();
        }
    }

    /** The tools each model call offers. */
    List<ToolSpec> offered() {
        return offered;
    }

    /** Whether this call is the model saying it is done (finish-tool mode only). */
    boolean finishes(ToolCall call) {
        return completion.mode() == Completion.Mode.FINISH_TOOL && call.name().equals(Completion.FINISH);
    }

    /** The result of a {@code finish} call: it runs nothing; its arguments must hold the answer. */
    ToolResult settle(ToolCall call) {
        return answer(call).<ToolResult>map(a -> ToolResult.success(FINISHED)).orElseGet(() -> ToolResult.failure(
                ToolResult.Failure.INVALID_ARGUMENTS, "'" + Completion.FINISH + "' needs a JSON object with the "
                        + "final answer as the string 'answer', e.g. {\"answer\": \"...\"}; the run goes on until "
                        + "it gets one"));
    }

    /** The final answer of the turn's successful {@code finish} call, when it has one. */
    Optional<String> finalAnswer(List<ToolCallRecord> calls) {
        for (ToolCallRecord record : calls) {
            if (finishes(record.call()) && !record.result().isError()) {
                return answer(record.call());
            }
        }
        return Optional.empty();
    }

    /** The note to send back when an answer without tool calls lacks the marker; empty when none is due. */
    Optional<String> missingMarker(String answer) {
        if (completion.mode() != Completion.Mode.MARKER || answer.contains(completion.marker())) {
            return Optional.empty();
        }
        return Optional.of(MISSING_MARKER.formatted(completion.marker()));
    }

    private Optional<String> answer(ToolCall call) {
        try {
            return tools.arguments(call.arguments()).string("answer").filter(text -> !text.isBlank());
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
