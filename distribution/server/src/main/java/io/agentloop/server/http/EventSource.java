package io.agentloop.server.http;

import java.io.IOException;

/** A stream of Server-Sent Events: written to a sink until it ends; a client gone is an {@link IOException}. */
@FunctionalInterface
public interface EventSource {

    void writeTo(Sink sink) throws IOException, InterruptedException;

    /** Where events go: a socket, or a list in a test. */
    interface Sink {
        /** One event: {@code id} (empty for none), {@code name}, {@code data} (one line of JSON). */
        void event(String id, String name, String data) throws IOException;

        /** A comment line, which clients ignore: a heartbeat. */
        void comment(String text) throws IOException;
    }
}
