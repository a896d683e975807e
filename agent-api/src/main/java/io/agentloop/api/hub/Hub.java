package io.agentloop.api.hub;

import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;

/**
 * A conversation among participants: they join and leave; what one
 * says is observed by every other participant in the hub at that moment, in one order for all, and
 * by none that left before it was said or joined after.
 *
 * <pre>{@code
 * Hub hub = new MessageHub();
 * hub.join(new UserParticipant("you", console));
 * hub.join(critic);
 * hub.publish(new HubMessage("moderator", "Should we rewrite the parser?"));
 * List<HubMessage> said = hub.round(); // you, then the critic, each seeing what came before
 * hub.leave("critic");                 // it hears nothing more
 * }</pre>
 *
 * <p>Implementations are thread-safe. Turns may run at the same time on different threads; what
 * they say is published one message at a time.
 */
public interface Hub {

    /**
     * Adds a participant: from now on it observes every message the others say.
     *
     * @throws IllegalArgumentException when a participant of that name is already in the hub
     */
    void join(Participant participant);

    /**
     * Takes a participant out: it observes nothing said from now on and takes no more turns.
     *
     * @return whether it was in the hub
     */
    boolean leave(String name);

    /** The names of the participants now in the hub, in the order they joined. Never null. */
    List<String> participants();

    /**
     * Says {@code message} in the hub: every participant but its speaker observes it. The speaker
     * need not be a participant (a moderator announcing to all).
     *
     * @throws io.agentloop.api.AgentException when a participant failed to observe it (it names the
     *                                         participant); the others have received it
     */
    void publish(HubMessage message);

    /**
     * Gives a participant its turn: asks it to {@linkplain Participant#reply() reply} and publishes
     * what it says as its message.
     *
     * @return what it said, or empty when it passed
     * @throws NoSuchElementException when no participant of that name is in the hub
     */
    Optional<HubMessage> turn(String name);

    /**
     * One turn for each participant, in the order they joined; a participant that leaves during the
     * round (or is taken out) is skipped, one that joins during it waits for the next.
     *
     * @return what was said, in order; passes left out
     */
    default List<HubMessage> round() {
        List<HubMessage> said = new ArrayList<>();
        for (String name : participants()) {
            if (participants().contains(name)) {
                try {
                    turn(name).ifPresent(said::add);
                } catch (NoSuchElementException e) {
                    // it left between the check and its turn
                }
            }
        }
        return said;
    }
}
