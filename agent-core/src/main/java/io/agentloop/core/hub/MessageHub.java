package io.agentloop.core.hub;

import io.agentloop.api.AgentException;
import io.agentloop.api.hub.Hub;
import io.agentloop.api.hub.HubMessage;
import io.agentloop.api.hub.Participant;
import io.agentloop.api.run.AgentRegistry;
import io.agentloop.core.Agent;
import io.agentloop.core.run.AgentStates;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * The core's {@link Hub}: participants by name in the order they joined; a message reaches every
 * participant in the hub when it is published (its speaker aside), one message at a time, so all
 * observe one order. A turn runs outside the hub's lock (an agent's run, a person typing), and what
 * it says is published only if its participant is still in the hub when it ends.
 *
 * <pre>{@code
 * MessageHub hub = new MessageHub();
 * AgentParticipant optimist = hub.join("optimist", optimistAgent);
 * AgentParticipant critic = hub.join("critic", criticAgent);
 * hub.publish(new HubMessage("moderator", "Should we rewrite the parser?"));
 * hub.round(); // the optimist answers, then the critic, knowing what the optimist said
 * }</pre>
 */
public final class MessageHub implements Hub {
    private final Map<String, Participant> participants = new LinkedHashMap<>();
    private final String session = "hub-" + UUID.randomUUID();

    /** The session its participants' runs are listed under in the process's {@link AgentStates}. */
    public String session() {
        return session;
    }

    @Override
    public synchronized void join(Participant participant) {
        String name = Objects.requireNonNull(participant.name(), "a participant's name");
        if (participants.containsKey(name)) {
            throw new IllegalArgumentException("the hub already has a participant named '" + name + "'");
        }
        participants.put(name, participant);
    }

    /** Adds an agent under a name, as an {@link AgentParticipant}. */
    public AgentParticipant join(String name, Agent agent) {
        AgentParticipant participant = new AgentParticipant(name, agent);
        join(participant);
        return participant;
    }

    @Override
    public synchronized boolean leave(String name) {
        return participants.remove(name) != null;
    }

    @Override
    public synchronized List<String> participants() {
        return List.copyOf(participants.keySet());
    }

    @Override
    public synchronized void publish(HubMessage message) {
        Objects.requireNonNull(message, "message");
        List<String> failed = new ArrayList<>();
        RuntimeException first = null;
        for (Participant participant : participants.values()) {
            if (participant.name().equals(message.speaker())) {
                continue;
            }
            try {
                participant.observe(message);
            } catch (RuntimeException e) {
                failed.add(participant.name() + " (" + participant.getClass().getName() + ")");
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw new AgentException("hub participant " + String.join(", ", failed) + " failed to observe what "
                    + message.speaker() + " said: " + first.getMessage() + "; a participant's observe must not throw",
                    first);
        }
    }

    @Override
    public Optional<HubMessage> turn(String name) {
        Participant participant = member(name);
        Optional<HubMessage> said = AgentStates.within(
                new AgentStates.Scope(session, AgentRegistry.Kind.HUB_PARTICIPANT, name),
                participant::reply).map(text -> new HubMessage(name, text));
        synchronized (this) {
            if (participants.get(name) != participant) {
                return Optional.empty(); // it left during its turn: the hub no longer hears it
            }
            said.ifPresent(this::publish);
        }
        return said;
    }

    private synchronized Participant member(String name) {
        Participant participant = participants.get(name);
        if (participant == null) {
            throw new NoSuchElementException("there is no participant '" + name + "' in the hub; there are: "
                    + (participants.isEmpty() ? "none" : String.join(", ", participants.keySet())));
        }
        return participant;
    }
}
