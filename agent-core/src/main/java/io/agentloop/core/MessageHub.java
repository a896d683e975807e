package io.agentloop.core;

import io.agentloop.api.message.Message;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.run.RunResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Agents in one conversation: each participant keeps what it has seen (its memory), and what one
 * says reaches every other's memory as a user message {@code [name]: text}, in the order it was
 * said, so that each speaks knowing what the others said. For a round table of agents, or a
 * moderator that announces to all.
 *
 * <pre>{@code
 * MessageHub hub = new MessageHub();
 * MessageHub.Participant optimist = hub.join("optimist", optimistAgent);
 * MessageHub.Participant critic = hub.join("critic", criticAgent);
 * hub.announce("moderator", "Should we rewrite the parser?");
 * optimist.speak("Give your view in two sentences.");
 * critic.speak("Answer the optimist.");
 * }</pre>
 *
 * Thread-safe: publication is one order for everyone.
 */
public final class MessageHub {
    private final Map<String, Participant> participants = new LinkedHashMap<>();

    /**
     * Adds an agent under a name.
     *
     * @throws IllegalArgumentException when the name is taken
     */
    public synchronized Participant join(String name, Agent agent) {
        Objects.requireNonNull(agent, "agent");
        if (participants.containsKey(name)) {
            throw new IllegalArgumentException("the hub already has a participant named '" + name + "'");
        }
        Participant participant = new Participant(name, agent);
        participants.put(name, participant);
        return participant;
    }

    /** Says something to every participant (none of them said it). */
    public synchronized void announce(String from, String text) {
        UserMessage message = UserMessage.of("[" + from + "]: " + text);
        participants.values().forEach(p -> p.observe(message));
    }

    private synchronized void publish(Participant from, String text) {
        UserMessage message = UserMessage.of("[" + from.name + "]: " + text);
        participants.values().stream().filter(p -> p != from).forEach(p -> p.observe(message));
    }

    /** One agent of the hub and what it has seen. */
    public final class Participant {
        private final String name;
        private final Agent agent;
        private final List<Message> memory = new ArrayList<>();

        private Participant(String name, Agent agent) {
            this.name = name;
            this.agent = agent;
        }

        public String name() {
            return name;
        }

        /** What this participant has seen so far, oldest first. */
        public List<Message> memory() {
            synchronized (MessageHub.this) {
                return List.copyOf(memory);
            }
        }

        /** Receives a message said in the hub. */
        public void observe(Message message) {
            synchronized (MessageHub.this) {
                memory.add(message);
            }
        }

        /**
         * Runs this agent on what it has seen and {@code prompt}; its new messages join its memory,
         * and its answer reaches the others.
         */
        public RunResult speak(String prompt) {
            List<Message> seen = memory();
            RunResult result = agent.run(seen, prompt);
            synchronized (MessageHub.this) {
                List<Message> all = result.messages();
                int start = Math.min(all.size(), Math.max(0, indexAfter(all, seen)));
                memory.addAll(all.subList(start, all.size()));
                if (!result.text().isEmpty()) {
                    publish(this, result.text());
                }
            }
            return result;
        }

        /** Where the run's messages go past what it was given (its system prompt may come first). */
        private static int indexAfter(List<Message> all, List<Message> given) {
            for (int i = 0; i + given.size() <= all.size(); i++) {
                if (all.subList(i, i + given.size()).equals(given)) {
                    return i + given.size();
                }
            }
            return 0;
        }
    }
}
