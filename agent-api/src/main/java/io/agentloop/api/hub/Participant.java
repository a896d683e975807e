package io.agentloop.api.hub;

import java.util.Optional;

/**
 * One member of a {@link Hub}: an agent, a person at a terminal ({@link UserParticipant}), or
 * anything a plugin brings. While it is in a hub it observes every message the others say, in the
 * order the hub publishes them, and when the hub gives it a turn it says something, or passes.
 *
 * <pre>{@code
 * final class Echo implements Participant {
 *     private volatile String last = "";
 *
 *     public String name() { return "echo"; }
 *     public void observe(HubMessage message) { last = message.text(); }
 *     public Optional<String> reply() { return last.isEmpty() ? Optional.empty() : Optional.of(last); }
 * }
 * }</pre>
 *
 * <p>Threads: the hub calls {@link #observe} on the thread that published the message, one message
 * at a time, and {@link #reply} on the thread that gave the turn; a participant in a hub that other
 * threads publish to guards its own state.
 */
public interface Participant {

    /**
     * The name the others know it by, unique within a hub: what its messages are
     * {@linkplain HubMessage#speaker() said by}. Never null or blank; the same on every call.
     */
    String name();

    /**
     * Receives what another participant said (a participant never observes its own messages). It
     * keeps, shows or ignores it; it must not throw: the hub reports an exception here as this
     * participant's failure, after every other participant has received the message.
     */
    void observe(HubMessage message);

    /**
     * Takes a turn, knowing what it has observed: what it says, which the hub publishes to the
     * others, or empty to pass. Never null. May take long (an agent's run, a person typing).
     */
    Optional<String> reply();
}
