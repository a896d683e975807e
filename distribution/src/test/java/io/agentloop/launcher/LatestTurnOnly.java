package io.agentloop.launcher;

import io.agentloop.api.memory.Memory;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.SystemMessage;
import io.agentloop.api.message.UserMessage;
import java.util.ArrayList;
import java.util.List;

/** A plugin's short-term memory: the model is sent the system messages and the latest turn only. */
public final class LatestTurnOnly implements Memory {
    private final List<Message> all = new ArrayList<>();

    @Override
    public String name() {
        return "latest-turn";
    }

    @Override
    public Memory fresh() {
        return new LatestTurnOnly();
    }

    @Override
    public synchronized List<Message> messages() {
        int latest = 0;
        for (int i = 0; i < all.size(); i++) {
            if (all.get(i) instanceof UserMessage) {
                latest = i;
            }
        }
        List<Message> sent = new ArrayList<>(all.subList(0, latest).stream()
                .filter(SystemMessage.class::isInstance).toList());
        sent.addAll(all.subList(latest, all.size()));
        return sent;
    }

    @Override
    public synchronized void append(Message message) {
        all.add(message);
    }

    @Override
    public synchronized void replaceAll(List<Message> messages) {
        all.clear();
        all.addAll(messages);
    }

    @Override
    public synchronized void clear() {
        all.clear();
    }
}
