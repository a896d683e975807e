package io.agentloop.providers.http;

import io.agentloop.api.model.ModelStream;
import io.agentloop.api.model.NonRetryableModelException;
import io.agentloop.api.model.RetryableModelException;
import io.agentloop.api.model.StreamEvent;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import tools.jackson.core.JacksonException;

/**
 * A model stream read from an open HTTP response: pulls the next unit from the body, decodes it,
 * and hands out the resulting events in order. A body that ends before the format's final event
 * is an error (retryable: the response was cut off), so a partial tool call never completes.
 *
 * <p>{@link #close()} may come from any thread (a Ctrl-C's, a timeout's) while the reading thread is
 * inside the body: it then only cancels the call, which closes the connection under the reader, and
 * the reader, seeing its read fail, closes the response itself. Closing the response from the other
 * thread would read through the same socket source the reader is in (to discard the rest of the
 * body), and Okio's timeouts allow one reader at a time ("Unbalanced enter/exit").
 *
 * @param <U> the unit type of the wire format
 */
public final class HttpModelStream<U> implements ModelStream {

    /** Reads the next unit from the body, or null at its end. */
    @FunctionalInterface
    public interface UnitReader<U> {
        U next() throws IOException;
    }

    private final HttpTransport.Opened http;
    private final UnitReader<U> reader;
    private final StreamDecoder<U> decoder;
    private final HttpErrorMapper errors;
    private final String provider;
    private final ArrayDeque<StreamEvent> pending = new ArrayDeque<>();
    private final Consumer<StreamEvent> emit = pending::add;
    private final AtomicBoolean closed = new AtomicBoolean();
    private boolean finished;
    /**
     * Guards the release of the decoder and the response: the decoder holds a parser whose buffers go
     * back to a pool shared by every thread, and the response's body is the source the reader reads, so
     * both are released once, and never while the reading thread is inside them.
     */
    private final Object decoding = new Object();
    private boolean reading;
    private boolean released;

    public HttpModelStream(HttpTransport.Opened http, UnitReader<U> reader, StreamDecoder<U> decoder,
                           HttpErrorMapper errors, String provider) {
        this.http = http;
        this.reader = reader;
        this.decoder = decoder;
        this.errors = errors;
        this.provider = provider;
    }

    @Override
    public StreamEvent next() {
        synchronized (decoding) {
            if (closed.get() && !finished) {
                throw new NonRetryableModelException(provider + ": the call was cancelled");
            }
            reading = true;
        }
        boolean done = true;
        try {
            StreamEvent event = read();
            done = event instanceof StreamEvent.Finish;
            return event;
        } finally {
            synchronized (decoding) {
                reading = false;
                // Done with the decoder (its Finish, or a failure, ends the stream), or closed meanwhile.
                if (done || closed.get()) {
                    release();
                }
            }
        }
    }

    private StreamEvent read() {
        while (pending.isEmpty()) {
            if (finished) {
                throw new IllegalStateException("next() called after the Finish event");
            }
            U unit;
            try {
                unit = reader.next();
            } catch (IOException e) {
                throw errors.fromIo(e, closed.get() || http.call().isCanceled());
            }
            try {
                if (unit == null) {
                    decoder.end(emit);
                    if (pending.isEmpty()) {
                        if (closed.get()) {
                            throw new NonRetryableModelException(provider + ": the call was cancelled");
                        }
                        throw new RetryableModelException(provider + ": the response stream ended before its final "
                                + "event (the response was cut off)");
                    }
                } else {
                    decoder.accept(unit, emit);
                }
            } catch (JacksonException e) {
                throw new NonRetryableModelException(provider + ": a streamed event is not the JSON this format "
                        + "expects: " + e.getOriginalMessage(), e);
            }
        }
        StreamEvent event = pending.poll();
        if (event instanceof StreamEvent.Finish) {
            finished = true;
            pending.clear();
        }
        return event;
    }

    /** Called holding {@link #decoding}, by the reading thread or while no thread reads. */
    private void release() {
        if (!released) {
            released = true;
            try {
                decoder.close();
            } finally {
                http.response().close();
            }
        }
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            if (!finished) {
                // thread-safe: closes the connection, and a reader blocked in the body fails at once
                http.call().cancel();
            }
            synchronized (decoding) {
                if (!reading) {
                    release();
                }
            }
        }
    }
}
