package io.agentloop.providers.http;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * One server-sent event: its type ({@code message} when the stream names none) and its data, the
 * {@code data:} lines joined with newlines, as the bytes that arrived (decoders parse them where they
 * lie, without a text copy).
 */
public final class SseEvent {
    private static final byte[] DONE = "[DONE]".getBytes(StandardCharsets.US_ASCII);

    private final String event;
    private final byte[] data;

    /** @param data the event's data in UTF-8; the event owns the array from now on */
    public SseEvent(String event, byte[] data) {
        this.event = event;
        this.data = data;
    }

    public SseEvent(String event, String data) {
        this(event, data.getBytes(StandardCharsets.UTF_8));
    }

    public String event() {
        return event;
    }

    /** The data as UTF-8 bytes (not a copy: do not change it). */
    public byte[] bytes() {
        return data;
    }

    /** The data as text. */
    public String data() {
        return new String(data, StandardCharsets.UTF_8);
    }

    /** Whether the data is {@code [DONE]}, the end mark of OpenAI-style streams. */
    public boolean isDone() {
        return Arrays.equals(data, DONE);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof SseEvent that && event.equals(that.event) && Arrays.equals(data, that.data);
    }

    @Override
    public int hashCode() {
        return 31 * event.hashCode() + Arrays.hashCode(data);
    }

    @Override
    public String toString() {
        return "SseEvent[event=" + event + ", data=" + data() + "]";
    }
}
