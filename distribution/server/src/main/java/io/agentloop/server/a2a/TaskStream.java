package io.agentloop.server.a2a;

import io.agentloop.server.http.EventSource;
import io.agentloop.server.run.EventLog;
import io.agentloop.server.run.RunStatus;
import io.agentloop.server.run.ServedRun;
import java.io.IOException;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code message/stream}'s answer (and 1.0's {@code SendStreamingMessage}'s, each event in its
 * version's shape): each Server-Sent Event's data one JSON-RPC response. First the
 * task, then its text as it streams (the run's {@code text_delta} events, one artifact per reasoning
 * step, so text written before a tool call is not run into the answer), then a status update with
 * {@code final: true} when the run ends or waits for a person. A comment line when nothing happened
 * for a heartbeat's time.
 */
final class TaskStream implements EventSource {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private final RpcRequest request;
    private final ServedRun run;
    private final TaskJson json;
    private final Duration heartbeat;

    TaskStream(RpcRequest request, ServedRun run, TaskJson json, Duration heartbeat) {
        this.request = request;
        this.run = run;
        this.json = json;
        this.heartbeat = heartbeat;
    }

    @Override
    public void writeTo(Sink sink) throws IOException, InterruptedException {
        send(sink, json.wrapped("task", json.task(run)));
        sink.flush();
        EventLog log = run.events();
        Set<String> begun = new HashSet<>();
        long last = 0;
        int step = 0;
        while (true) {
            EventLog.Batch batch = log.after(last, heartbeat);
            if (batch.entries().isEmpty()) {
                if (batch.ended()) {
                    // the log ended without telling a state (the server is stopping): say where the run is
                    send(sink, json.wrapped("statusUpdate", json.statusUpdate(run, run.status(), true)));
                    return;
                }
                sink.comment("heartbeat");
                continue;
            }
            for (EventLog.Entry entry : batch.entries()) {
                last = entry.id();
                switch (entry.type()) {
                    case "iteration_started" -> step = JSON.readTree(entry.data()).path("n").asInt(step + 1);
                    case "text_delta" -> {
                        String text = JSON.readTree(entry.data()).path("text").asString("");
                        if (!text.isEmpty()) {
                            String artifact = "text-" + step;
                            send(sink, json.wrapped("artifactUpdate", json.textUpdate(run, artifact, text,
                                    !begun.add(artifact))));
                        }
                    }
                    case "run_state" -> {
                        RunStatus state = RunStatus.parse(JSON.readTree(entry.data()).path("state").asString());
                        if (state != RunStatus.RUNNING) {
                            send(sink, json.wrapped("statusUpdate", json.statusUpdate(run, state, true)));
                            return;
                        }
                    }
                    default -> {
                        // tool calls and the rest are the run's own events: GET /v1/runs/{id}/events has them
                    }
                }
            }
            sink.flush();
        }
    }

    private void send(Sink sink, JsonNode result) throws IOException {
        sink.event("", "message", JSON.writeValueAsString(request.result(result)));
    }
}
