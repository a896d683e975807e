package io.agentloop.providers.http;

import io.agentloop.api.format.Formatter;
import tools.jackson.databind.JsonNode;
import okio.BufferedSource;

/**
 * What differs between wire formats, for {@link HttpChatModel}: how requests and whole responses
 * are encoded, where to post, and how a streamed body is cut and decoded.
 *
 * @param <U> the stream's unit: {@link SseEvent} or an NDJSON line
 */
public interface WireFormat<U> {

    Formatter<JsonNode> formatter();

    /** The URL to post to. */
    String url(String baseUrl, boolean stream);

    /** Cuts a streamed body into units. */
    HttpModelStream.UnitReader<U> reader(BufferedSource body);

    /** A fresh decoder for one streamed response. */
    StreamDecoder<U> decoder(HttpErrorMapper errors);

    /** Server-sent events, the unit of most formats. */
    static HttpModelStream.UnitReader<SseEvent> sse(BufferedSource body) {
        return new SseReader(body)::next;
    }
}
