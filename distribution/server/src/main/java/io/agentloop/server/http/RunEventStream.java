package io.agentloop.server.http;

import io.agentloop.server.run.EventLog;
import java.io.IOException;
import java.time.Duration;

/**
 * A run's events as Server-Sent Events, from after the id the client saw last: each event with its
 * number as {@code id}, its type as {@code event} and its JSON as {@code data}; a comment line when
 * nothing happened for a heartbeat's time; done when the run has ended and every event is sent.
 */
final class RunEventStream implements EventSource {
    private final EventLog log;
    private final long after;
    private final Duration heartbeat;

    RunEventStream(EventLog log, long after, Duration heartbeat) {
        this.log = log;
        this.after = after;
        this.heartbeat = heartbeat;
    }

    @Override
    public void writeTo(Sink sink) throws IOException, InterruptedException {
        long last = after;
        while (true) {
            EventLog.Batch batch = log.after(last, heartbeat);
            if (batch.entries().isEmpty()) {
                if (batch.ended()) {
                    return;
                }
                sink.comment("heartbeat");
                continue;
            }
            for (EventLog.Entry entry : batch.entries()) {
                sink.event(Long.toString(entry.id()), entry.type(), entry.data());
                last = entry.id();
            }
            sink.flush();
        }
    }
}
