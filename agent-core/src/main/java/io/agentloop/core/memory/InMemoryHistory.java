package io.agentloop.core.memory;

import io.agentloop.api.memory.Memory;
import io.agentloop.api.message.Message;
import java.util.ArrayList;
import java.util.List;

/** {@code in-memory}: keeps every message of the run and sends them all. The default short-term memory. */
public final class InMemoryHistory implements Memory {
    public static final String NAME = "in-memory";

    private final List<Message> messages = new ArrayList<>();

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Memory fresh() {
        return new InMemoryHistory();
    }

    @Override
    public synchronized List<Message> messages() {
        return List.copyOf(messages);
    }

    @Override
    public synchronized void append(Message message) {
        messages.add(message);
    }

    @Override
    public synchronized void replaceAll(List<Message> replacement) {
        messages.clear();
        messages.addAll(replacement);
    }

    @Override
    public synchronized void clear() {
        messages.clear();
    }
}
