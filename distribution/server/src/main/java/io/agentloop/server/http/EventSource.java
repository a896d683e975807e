package io.agentloop.server.http;

import java.io.IOException;

/** A stream of Server-Sent Events: written to a sink until it ends; a client gone is an {@link IOException}. */
@FunctionalInterface
public interface EventSource {

    void writeTo(Sink sink) throws IOException, InterruptedException;

    /** Where events go: a socket, or a list in a test. */
    interface Sink {
        /**
         * One event: {@code id} (empty for none), {@code name}, {@code data} (one line of JSON). It
         * may wait in a buffer until {@link #flush}, so a batch of events goes out in one write.
         */
        void event(String id, String name, String data) throws IOException;

        /** Sends the events written so far. The stream's end sends them too. */
        default void flush() throws IOException {
        }

        /** A comment line, which clients ignore: a heartbeat; sent at once, with any event before it. */
        void comment(String text) throws IOException;
    }
}
