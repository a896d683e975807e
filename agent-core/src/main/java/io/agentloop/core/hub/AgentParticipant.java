package io.agentloop.core.hub;

import io.agentloop.api.Cancellation;
import io.agentloop.api.hub.HubMessage;
import io.agentloop.api.hub.Participant;
import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.run.Resumption;
import io.agentloop.api.run.RunResult;
import io.agentloop.core.Agent;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * An agent in a hub. Its memory is the conversation as it has seen it: each message it observed,
 * as a user message {@code [speaker]: text}, and each of its own turns (its answers and tool calls).
 * A turn runs the agent on that memory and says its answer; with nothing new since its last turn
 * it passes without calling the model. A turn can be stopped from another thread
 * ({@link #stopTurn()}, a person's Ctrl-C): it then says nothing, and its memory keeps what the
 * run did before it stopped.
 */
public final class AgentParticipant implements Participant {
    private final String name;
    private final Agent agent;
    private final List<Message> memory = new ArrayList<>();
    private boolean unanswered;
    private Optional<RunResult> lastRun = Optional.empty();
    private Optional<Cancellation> turn = Optional.empty();

    public AgentParticipant(String name, Agent agent) {
        Objects.requireNonNull(name, "name");
        if (name.isBlank()) {
            throw new IllegalArgumentException("a participant needs a name: the others see it beside what it says");
        }
        this.name = name;
        this.agent = Objects.requireNonNull(agent, "agent");
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public synchronized void observe(HubMessage message) {
        memory.add(UserMessage.of(message.line()));
        unanswered = true;
    }

    /** Tells this agent something only it sees (an instruction for its next turn), as a plain user message. */
    public synchronized void tell(String instruction) {
        memory.add(UserMessage.of(instruction));
        unanswered = true;
    }

    /**
     * Gives it a conversation it took part in before this hub (a saved one): what it said as its
     * answers, the rest as heard. Its next turn answers unless the conversation ends with its own
     * answer. Call before its first turn.
     */
    public synchronized void recall(List<Message> earlier) {
        memory.addAll(earlier);
        if (!earlier.isEmpty()) {
            unanswered = !(earlier.getLast() instanceof AssistantMessage);
        }
    }

    /**
     * Stops its turn in progress, if one is: the run ends cancelled, and the turn says nothing.
     *
     * @return whether a turn was in progress
     */
    public boolean stopTurn() {
        Optional<Cancellation> running;
        synchronized (this) {
            running = turn;
        }
        running.ifPresent(c -> c.cancel("stopped by a person in the hub"));
        return running.isPresent();
    }

    /** What this participant has seen and said so far, oldest first. */
    public synchronized List<Message> memory() {
        return List.copyOf(memory);
    }

    /** Its latest turn's run, to see how it ended (a failure, a call waiting for approval). */
    public synchronized Optional<RunResult> lastRun() {
        return lastRun;
    }

    @Override
    public Optional<String> reply() {
        List<Message> seen;
        Cancellation stop = new Cancellation();
        synchronized (this) {
            if (!unanswered) {
                return Optional.empty();
            }
            seen = List.copyOf(memory);
            unanswered = false;
            turn = Optional.of(stop);
        }
        RunResult result;
        try {
            result = agent.resume(new Resumption(seen, Optional.empty(), List.of(), Optional.empty()), stop);
        } finally {
            synchronized (this) {
                turn = Optional.empty();
            }
        }
        synchronized (this) {
            List<Message> all = result.messages();
            int start = indexAfter(all, seen);
            // what it observed during the run comes after its answer: it had not seen it
            memory.addAll(seen.size(), start >= 0 ? all.subList(start, all.size())
                    : result.finalMessage().map(List::<Message>of).orElse(List.of()));
            lastRun = Optional.of(result);
        }
        // a stopped turn says nothing: the person stopped it, and the others hear only what the person saw
        return result.text().isEmpty() || stop.isCancelled() ? Optional.empty() : Optional.of(result.text());
    }

    /**
     * Where the run's messages go past what it was given (its system prompt may come first); -1
     * when they no longer hold it (a compaction rewrote them).
     */
    private static int indexAfter(List<Message> all, List<Message> given) {
        for (int i = 0; i + given.size() <= all.size(); i++) {
            if (all.subList(i, i + given.size()).equals(given)) {
                return i + given.size();
            }
        }
        return -1;
    }
}
