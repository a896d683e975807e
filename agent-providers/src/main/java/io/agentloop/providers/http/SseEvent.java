package io.agentloop.providers.http;

/**
 * One server-sent event: its type ({@code message} when the stream names none) and its data, the
 * {@code data:} lines joined with newlines.
 */
public record SseEvent(String event, String data) {
}
