package io.agentloop.core;

import io.agentloop.api.event.AgentListener;
import io.agentloop.api.message.Message;
import io.agentloop.core.output.OutputSchema;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One run's task and what this run alone wants, for {@link Agent#start(RunRequest)} and
 * {@link Agent#run(RunRequest)}: the history before the task, a listener for this run's events, an
 * answer schema, and whether its model calls stream. The agent stays as built, so one agent serves
 * concurrent runs that each want different things. Immutable; the {@code with...} methods return a
 * new request.
 *
 * <pre>{@code
 * RunHandle run = agent.start(RunRequest.of("Summarise the report")
 *         .withListener(event -> { if (event instanceof AgentEvent.TextDelta d) send(d.text()); })
 *         .withStreaming(true));
 * }</pre>
 *
 * @param history   the conversation before the task (the agent's system prompt goes first unless it
 *                  starts with one); never null
 * @param task      the new user message; never null
 * @param listener  receives this run's events, and only this run's, after the agent's own listeners,
 *                  from {@code RunStarted} to {@code RunCompleted}: none is missed, since it is in
 *                  place before the run starts
 * @param output    the schema the answer must match ({@code RunResult.output()} holds it)
 * @param streaming whether this run's model calls stream the answer as it is written ({@code true})
 *                  or deliver it whole ({@code false}); empty for the model's own setting. Text deltas
 *                  reach the listeners either way: one per piece, or one for the whole answer.
 */
public record RunRequest(List<Message> history, String task, Optional<AgentListener> listener,
                         Optional<OutputSchema> output, Optional<Boolean> streaming) {
    public RunRequest {
        history = List.copyOf(history);
        Objects.requireNonNull(task, "task");
        Objects.requireNonNull(listener, "listener");
        Objects.requireNonNull(output, "output");
        Objects.requireNonNull(streaming, "streaming");
    }

    /** A task with no history, nothing else asked. */
    public static RunRequest of(String task) {
        return new RunRequest(List.of(), task, Optional.empty(), Optional.empty(), Optional.empty());
    }

    public RunRequest withHistory(List<Message> value) {
        return new RunRequest(value, task, listener, output, streaming);
    }

    /** This run's own listener (replaces one given before). */
    public RunRequest withListener(AgentListener value) {
        return new RunRequest(history, task, Optional.of(value), output, streaming);
    }

    public RunRequest withOutput(OutputSchema value) {
        return new RunRequest(history, task, listener, Optional.of(value), streaming);
    }

    public RunRequest withStreaming(boolean value) {
        return new RunRequest(history, task, listener, output, Optional.of(value));
    }
}
