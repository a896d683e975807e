package io.agentloop.providers.http;

import java.util.function.BiFunction;
import java.util.function.Function;
import okio.BufferedSource;

/**
 * What differs between wire formats, for {@link HttpChatModel}: how requests and whole responses
 * are encoded, where to post, and how a streamed body is cut and decoded.
 *
 * @param <U> the stream's unit: {@link SseEvent} or an NDJSON line's bytes
 */
public interface WireFormat<U> {

    JsonFormatter formatter();

    /** The URL to post to. */
    String url(String baseUrl, boolean stream);

    /** Cuts a streamed body into units, none larger than {@code maxUnitBytes}. */
    HttpModelStream.UnitReader<U> reader(BufferedSource body, long maxUnitBytes);

    /** A fresh decoder for one streamed response. */
    StreamDecoder<U> decoder(HttpErrorMapper errors);

    /** A format streamed as server-sent events, posting to {@code path} under the base URL. */
    static WireFormat<SseEvent> sse(JsonFormatter formatter, String path,
                                    Function<HttpErrorMapper, StreamDecoder<SseEvent>> decoder) {
        return sse(formatter, (base, stream) -> base + path, decoder);
    }

    /** A format streamed as server-sent events whose URL depends on streaming. */
    static WireFormat<SseEvent> sse(JsonFormatter formatter, Url url,
                                    Function<HttpErrorMapper, StreamDecoder<SseEvent>> decoder) {
        return new Fixed<>(formatter, url, (body, max) -> new SseReader(body, max)::next, decoder);
    }

    /** A format streamed as newline-delimited JSON. */
    static WireFormat<byte[]> ndjson(JsonFormatter formatter, String path,
                                     Function<HttpErrorMapper, StreamDecoder<byte[]>> decoder) {
        return new Fixed<>(formatter, (base, stream) -> base + path, (body, max) -> new NdjsonReader(body, max)::next, decoder);
    }

    /** Builds the URL from the base URL and whether the call streams. */
    @FunctionalInterface
    interface Url {
        String of(String baseUrl, boolean stream);
    }

    /** A format made of its parts. */
    record Fixed<U>(JsonFormatter formatter, Url url,
                    BiFunction<BufferedSource, Long, HttpModelStream.UnitReader<U>> readers,
                    Function<HttpErrorMapper, StreamDecoder<U>> decoders) implements WireFormat<U> {
        @Override
        public String url(String baseUrl, boolean stream) {
            return url.of(baseUrl, stream);
        }

        @Override
        public HttpModelStream.UnitReader<U> reader(BufferedSource body, long maxUnitBytes) {
            return readers.apply(body, maxUnitBytes);
        }

        @Override
        public StreamDecoder<U> decoder(HttpErrorMapper errors) {
            return decoders.apply(errors);
        }
    }
}
