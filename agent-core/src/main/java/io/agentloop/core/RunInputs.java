package io.agentloop.core;

import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.SystemMessage;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.run.Resumption;
import io.agentloop.core.loop.RunStart;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** What an agent's runs start from: the history with the agent's system prompt, and the new task. */
final class RunInputs {
    private final String systemPrompt;

    /** @param systemPrompt the agent's, or null */
    RunInputs(String systemPrompt) {
        this.systemPrompt = systemPrompt;
    }

    /** The agent's system prompt, or null. */
    String systemPrompt() {
        return systemPrompt;
    }

    /** The history, after the system prompt unless it has one, then the task. */
    List<Message> of(List<Message> history, String task) {
        return of(history, Optional.of(Objects.requireNonNull(task, "task")));
    }

    private List<Message> of(List<Message> history, Optional<String> task) {
        List<Message> input = new ArrayList<>(history.size() + 2);
        if (systemPrompt != null && (history.isEmpty() || !(history.get(0) instanceof SystemMessage))) {
            input.add(new SystemMessage(systemPrompt));
        }
        input.addAll(history);
        task.ifPresent(t -> input.add(UserMessage.of(t)));
        return input;
    }

    /**
     * Where a resumed run starts: the open turn first, the new task once it is done.
     *
     * @throws IllegalArgumentException when there is nothing to go on with
     */
    RunStart resuming(Resumption resumption) {
        List<Message> history = resumption.history();
        Optional<String> task = resumption.task();
        if (resumption.openTurn().isPresent()) {
            return new RunStart(of(history, Optional.empty()), resumption.openTurn(), resumption.decisions(),
                    task.map(UserMessage::of), resumption.usedBefore());
        }
        if (task.isEmpty()) {
            Message last = history.isEmpty() ? null : history.getLast();
            if (last == null || last instanceof AssistantMessage) {
                throw new IllegalArgumentException("there is nothing to go on with: the conversation "
                        + (last == null ? "is empty" : "ends with the model's answer") + "; give a new task");
            }
        }
        return new RunStart(of(history, task), Optional.empty(), resumption.decisions(), Optional.empty(),
                resumption.usedBefore());
    }
}
