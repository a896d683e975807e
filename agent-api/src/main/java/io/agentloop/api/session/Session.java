package io.agentloop.api.session;

import io.agentloop.api.message.Message;
import io.agentloop.api.run.OpenTurn;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;

/**
 * A session as loaded: its conversation, its checkpoints (each with the conversation as it was
 * then), and what loading had to repair.
 *
 * @param info        the session's summary
 * @param messages    the conversation, oldest first, ready to resume from: it ends before the open turn,
 *                    if there is one
 * @param checkpoints the checkpoints in the order taken, each with its conversation
 * @param interrupted tool calls of the open turn that started and did not finish (the process stopped
 *                    while they ran)
 * @param droppedRecords records that could not be read (a line cut off by a crash) and were left out
 * @param openTurn    the last model turn, when its tool calls did not all finish (the run paused for
 *                    approval, or its process stopped): how far each call got. Going on from the
 *                    session carries out what is left ({@link io.agentloop.api.run.Resumption}).
 */
public record Session(SessionInfo info, List<Message> messages, List<Restorable> checkpoints, int interrupted,
                      int droppedRecords, Optional<OpenTurn> openTurn) {
    public Session {
        Objects.requireNonNull(info, "info");
        messages = List.copyOf(messages);
        checkpoints = List.copyOf(checkpoints);
        Objects.requireNonNull(openTurn, "openTurn");
    }

    /** A session with no open turn. */
    public Session(SessionInfo info, List<Message> messages, List<Restorable> checkpoints, int interrupted,
                   int droppedRecords) {
        this(info, messages, checkpoints, interrupted, droppedRecords, Optional.empty());
    }

    /** A checkpoint and the conversation at it. */
    public record Restorable(Checkpoint checkpoint, List<Message> messages) {
        public Restorable {
            Objects.requireNonNull(checkpoint, "checkpoint");
            messages = List.copyOf(messages);
        }
    }

    /**
     * The checkpoint with this name.
     *
     * @throws NoSuchElementException naming the checkpoints there are
     */
    public Restorable checkpoint(String name) {
        for (int i = checkpoints.size() - 1; i >= 0; i--) {
            if (checkpoints.get(i).checkpoint().name().equals(name)) {
                return checkpoints.get(i);
            }
        }
        throw new NoSuchElementException("session " + info.id() + " has no checkpoint '" + name + "'; it has: "
                + (checkpoints.isEmpty() ? "none" : String.join(", ", checkpoints.stream()
                        .map(c -> c.checkpoint().name()).toList())));
    }

    /** The data of the last checkpoint, or none. */
    public Map<String, String> lastData() {
        return checkpoints.isEmpty() ? Map.of() : checkpoints.getLast().checkpoint().data();
    }
}
