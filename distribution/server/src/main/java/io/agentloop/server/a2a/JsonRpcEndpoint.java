package io.agentloop.server.a2a;

import io.agentloop.server.a2a.ProtocolVersion.Operation;
import io.agentloop.server.backend.RequestException;
import io.agentloop.server.http.Call;
import io.agentloop.server.http.Endpoint;
import io.agentloop.server.http.Reply;
import io.agentloop.server.run.Caller;
import io.agentloop.server.run.EventLog;
import io.agentloop.server.run.RunRequest;
import io.agentloop.server.run.RunStatus;
import io.agentloop.server.run.ServedRun;
import io.agentloop.server.run.ServedRuns;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code POST /a2a}: A2A's JSON-RPC methods on served runs, in A2A 1.0 and 0.3 alike (the method's
 * name tells which: {@code SendMessage} or {@code message/send}; {@link ProtocolVersion}), each
 * answered in its version's shapes. {@code message/send} starts a run with the
 * message's text as its task (in the session its {@code contextId} names, or a new one) and answers
 * the task once the run has ended or waits for a person; {@code message/stream} answers with the
 * run's events as they come ({@link TaskStream}); {@code tasks/get} and {@code tasks/cancel} look at
 * and stop a run by its task id. A JSON-RPC error is an HTTP 200 whose body says it (a streaming
 * method's, one event of its stream), as the specification has it; a missing or wrong token is the
 * server's 401 before this. A user's token sees only its own tasks and conversations: another's
 * task is not found and another's {@code contextId} unknown, as if neither existed.
 */
final class JsonRpcEndpoint implements Endpoint {
    static final String PATH = "/a2a";
    private static final Logger LOG = LoggerFactory.getLogger(JsonRpcEndpoint.class);
    private static final JsonMapper JSON = JsonMapper.builder().build();
    /** How long a blocking {@code message/send} waits between looks at its run; a run's every event wakes it. */
    private static final Duration LOOK = Duration.ofMinutes(1);

    private final ServedRuns runs;
    private final Map<ProtocolVersion, TaskJson> json = new EnumMap<>(ProtocolVersion.class);
    private final Duration heartbeat;

    JsonRpcEndpoint(ServedRuns runs, Duration heartbeat) {
        this.runs = runs;
        for (ProtocolVersion version : ProtocolVersion.values()) {
            json.put(version, new TaskJson(runs.backend()::mask, version));
        }
        this.heartbeat = heartbeat;
    }

    @Override
    public String method() {
        return "POST";
    }

    @Override
    public String path() {
        return PATH;
    }

    @Override
    public Reply handle(Call call, Caller caller, byte[] body) {
        RpcRequest request;
        try {
            request = RpcRequest.read(body);
        } catch (RpcError e) {
            return new Reply.Json(200, e.response());
        }
        Optional<ProtocolVersion> speaking = ProtocolVersion.speaking(request.method());
        boolean streaming = speaking.flatMap(version -> version.operation(request.method()))
                .filter(operation -> operation == Operation.STREAM).isPresent();
        try {
            ProtocolVersion version = version(request, speaking, call.header().apply(ProtocolVersion.HEADER));
            TaskJson shapes = json.get(version);
            return switch (version.operation(request.method()).orElseThrow()) {
                case SEND -> new Reply.Json(200, request.result(send(request, caller, version)));
                case STREAM -> new Reply.Events(new TaskStream(request, start(request, caller,
                        MessageParams.read(request, version)), shapes, heartbeat));
                case GET -> new Reply.Json(200, request.result(shapes.task(task(request, caller))));
                case CANCEL -> new Reply.Json(200, request.result(shapes.task(cancel(request, caller))));
            };
        } catch (RpcError e) {
            return streaming ? new Reply.Events(sink -> sink.event("", "message", JSON.writeValueAsString(
                    e.response()))) : new Reply.Json(200, e.response());
        } catch (RuntimeException e) {
            LOG.error("A2A {} failed", request.method(), e);
            RpcError error = request.error(RpcError.INTERNAL_ERROR, "Internal error: the server failed to answer: "
                    + runs.backend().mask(String.valueOf(e.getMessage())));
            return new Reply.Json(200, error.response());
        }
    }

    /**
     * The version a request speaks: its method's, which the {@code A2A-Version} header, when sent,
     * must name.
     *
     * @throws RpcError -32009 for a version this agent does not speak, -32601 for a method of none or
     *         of another version than the header's
     */
    private static ProtocolVersion version(RpcRequest request, Optional<ProtocolVersion> speaking,
                                           Optional<String> header) {
        Optional<ProtocolVersion> named = header.filter(value -> !value.isBlank()).map(ProtocolVersion::named)
                .orElse(speaking);
        if (header.isPresent() && !header.get().isBlank() && named.isEmpty()) {
            throw request.error(RpcError.VERSION_NOT_SUPPORTED, "Version not supported: this agent speaks A2A 1.0 and "
                    + "0.3, not '" + header.get() + "' as the " + ProtocolVersion.HEADER + " header says: send 1.0");
        }
        if (named.isEmpty()) {
            throw request.error(RpcError.METHOD_NOT_FOUND, "Method not found: '" + request.method() + "' is not a "
                    + "method of this agent: use " + methods(ProtocolVersion.V1_0) + " (A2A 1.0) or "
                    + methods(ProtocolVersion.V0_3) + " (A2A 0.3)");
        }
        if (speaking.isEmpty() || speaking.get() != named.get()) {
            throw request.error(RpcError.METHOD_NOT_FOUND, "Method not found: '" + request.method() + "' is not a "
                    + "method of A2A " + named.get().number() + ", the version the " + ProtocolVersion.HEADER
                    + " header names: use " + methods(named.get()));
        }
        return named.get();
    }

    private static String methods(ProtocolVersion version) {
        List<String> names = version.methodNames();
        return String.join(", ", names.subList(0, names.size() - 1)) + " or " + names.getLast();
    }

    /** {@code message/send}: the task when its run has ended or waits (at once, when not blocking). */
    private JsonNode send(RpcRequest request, Caller caller, ProtocolVersion version) {
        MessageParams params = MessageParams.read(request, version);
        ServedRun run = start(request, caller, params);
        if (params.blocking()) {
            settle(run);
        }
        TaskJson shapes = json.get(version);
        return shapes.sendResult(shapes.task(run));
    }

    private ServedRun start(RpcRequest request, Caller caller, MessageParams params) {
        params.taskId().ifPresent(id -> {
            ServedRun earlier = runs.get(id, caller).orElseThrow(() -> request.error(RpcError.TASK_NOT_FOUND,
                    "Task not found: there is no task '" + id + "'"));
            throw request.error(RpcError.UNSUPPORTED_OPERATION, "This operation is not supported: a message to a "
                    + "task of this agent starts no new work in it (task " + id + " is " + TaskJson.state(
                    earlier.status()) + "): send the message without taskId, with contextId " + earlier.session()
                    + " to go on with the conversation; a task waiting for approval is decided with POST /v1/runs/"
                    + id + "/approvals/{call}");
        });
        params.context().ifPresent(context -> {
            if (!knownSession(context) || !runs.seesSession(caller, context)) {
                throw request.error(RpcError.INVALID_PARAMS, "Invalid params: there is no conversation with "
                        + "contextId '" + context + "': leave contextId out to start one, or use the contextId of "
                        + "a task this agent answered");
            }
        });
        try {
            return runs.start(new RunRequest(caller, params.task(), params.agent(), params.context(), Optional.empty(),
                    Optional.empty(), Optional.empty()));
        } catch (RequestException e) {
            throw refused(request, e);
        }
    }

    private boolean knownSession(String id) {
        try {
            return runs.backend().sessions().load(id).isPresent();
        } catch (IllegalArgumentException e) {
            return false; // not a session id at all
        }
    }

    /**
     * Waits until the run has ended or waits for a person: until the event that says so, which
     * follows every change of the run's record (so the task read then is whole), or the end of the log.
     */
    private static void settle(ServedRun run) {
        long last = 0;
        try {
            while (true) {
                EventLog.Batch batch = run.events().after(last, LOOK);
                for (EventLog.Entry entry : batch.entries()) {
                    last = entry.id();
                    if (entry.type().equals("run_state") && !JSON.readTree(entry.data()).path("state").asString()
                            .equals(RunStatus.RUNNING.toString())) {
                        return;
                    }
                }
                if (batch.ended()) {
                    return;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the server is stopping: answer with where the run is
        }
    }

    /** The task of {@code request}'s id, when the caller sees it: to another user someone else's does not exist. */
    private ServedRun task(RpcRequest request, Caller caller) {
        JsonNode id = request.params().get("id");
        if (id == null || !id.isString()) {
            throw request.error(RpcError.INVALID_PARAMS, "Invalid params: 'params.id' must be the task's id (a string)");
        }
        return runs.get(id.asString(), caller).orElseThrow(() -> request.error(RpcError.TASK_NOT_FOUND,
                "Task not found: there is no task '" + id.asString() + "'"));
    }

    private ServedRun cancel(RpcRequest request, Caller caller) {
        ServedRun run = task(request, caller);
        try {
            return runs.cancel(run);
        } catch (RequestException e) {
            throw request.error(RpcError.TASK_NOT_CANCELABLE, "Task cannot be canceled: " + e.getMessage());
        }
    }

    /** The server's refusal of a run as A2A's error: a wrong value is invalid params; the rest says its HTTP status. */
    private static RpcError refused(RpcRequest request, RequestException e) {
        if (e.status() == 400 || e.status() == 404) {
            return request.error(RpcError.INVALID_PARAMS, "Invalid params: " + e.getMessage());
        }
        if (e.status() >= 500) {
            return request.error(RpcError.INTERNAL_ERROR, "Internal error: " + e.getMessage());
        }
        var data = JSON.createObjectNode().put("status", e.status());
        e.retryAfter().ifPresent(wait -> data.put("retryAfterSeconds", Math.max(1, wait.toSeconds())));
        return new RpcError(RpcError.REFUSED, "Refused: " + e.getMessage(), request.id(), Optional.of(data));
    }
}
