package io.agentloop.server.http;

import io.agentloop.api.run.CallDecision;
import io.agentloop.api.run.CallProgress;
import io.agentloop.api.session.Session;
import io.agentloop.api.session.SessionInfo;
import io.agentloop.core.output.OutputSchema;
import io.agentloop.core.permission.PermissionMode;
import io.agentloop.server.backend.RequestException;
import io.agentloop.server.run.Caller;
import io.agentloop.server.run.RunRequest;
import io.agentloop.server.run.RunStatus;
import io.agentloop.server.run.ServedRun;
import io.agentloop.server.run.ServedRuns;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The routes of runs, their events and approvals, and sessions. A user's token sees, decides and
 * continues only the runs and sessions it made, an administrator's every one; another's is a 404
 * worded as for one that does not exist, so a guessed id confirms nothing.
 */
final class RunRoutes {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    // the fields each request takes (the OpenAPI description's request bodies are checked against them)
    static final Set<String> START = Set.of("task", "agent", "session", "mode", "output_schema", "workspace");
    static final Set<String> MESSAGE = Set.of("message", "agent", "mode", "output_schema", "workspace");
    static final Set<String> DECISION = Set.of("decision", "scope", "reason");
    private static final List<String> MODES = List.of("ask", "edit", "auto", "yes");

    private final ServedRuns runs;
    private final ApiSettings settings;
    private final RunJson json;

    RunRoutes(ServedRuns runs, ApiSettings settings) {
        this.runs = runs;
        this.settings = settings;
        this.json = new RunJson(runs.backend()::mask, runs.workspaces());
    }

    /** {@code GET /v1/agents}: the profiles a run may name (the first is the default) and the widest mode. */
    Reply agents(Call call, Map<String, String> values, Caller caller, byte[] bytes) {
        ArrayNode agents = JSON.createArrayNode();
        runs.backend().agents().forEach(agents::add);
        ObjectNode node = JSON.createObjectNode();
        node.set("agents", agents);
        node.put("mode", runs.backend().mode().toString());
        return new Reply.Json(200, node);
    }

    /** {@code POST /v1/runs}: 202 with the run. */
    Reply start(Call call, Map<String, String> values, Caller caller, byte[] bytes) {
        Body body = Body.of(bytes, START);
        RunRequest request = new RunRequest(caller, body.text("task"), body.optionalText("agent"),
                body.optionalText("session"), body.choice("mode", MODES).map(PermissionMode::parse),
                body.object("output_schema").map(RunRoutes::schema), body.optionalText("workspace"));
        return accepted(call, runs.start(request));
    }

    /** {@code POST /v1/sessions/{id}/messages}: a new run that continues the conversation. */
    Reply message(Call call, Map<String, String> values, Caller caller, byte[] bytes) {
        Body body = Body.of(bytes, MESSAGE);
        String session = values.get("id");
        existing(session, caller);
        RunRequest request = new RunRequest(caller, body.text("message"), body.optionalText("agent"),
                Optional.of(session), body.choice("mode", MODES).map(PermissionMode::parse),
                body.object("output_schema").map(RunRoutes::schema), body.optionalText("workspace"));
        return accepted(call, runs.start(request));
    }

    Reply list(Call call, Map<String, String> values, Caller caller, byte[] bytes) {
        Optional<RunStatus> state;
        try {
            state = call.parameter("state").map(RunStatus::parse);
        } catch (IllegalArgumentException e) {
            throw RequestException.badRequest("query parameter state: " + e.getMessage());
        }
        ArrayNode items = JSON.createArrayNode();
        runs.list(state, caller).forEach(run -> items.add(json.run(run)));
        return new Reply.Json(200, RunJson.list("runs", items));
    }

    Reply get(Call call, Map<String, String> values, Caller caller, byte[] bytes) {
        return new Reply.Json(200, json.run(run(values, caller)));
    }

    /** {@code GET /v1/runs/{id}/events}: the run's events from after {@code Last-Event-ID} (or {@code ?after=}). */
    Reply events(Call call, Map<String, String> values, Caller caller, byte[] bytes) {
        ServedRun run = run(values, caller);
        String after = call.header().apply("Last-Event-ID").or(() -> call.parameter("after")).orElse("0").strip();
        long last;
        try {
            last = after.isEmpty() ? 0 : Long.parseLong(after);
        } catch (NumberFormatException e) {
            throw RequestException.badRequest("Last-Event-ID '" + after + "' is not an event id: send the id of the "
                    + "last event received (a whole number), or none to start from the first");
        }
        return new Reply.Events(new RunEventStream(run.events(), last, settings.heartbeat()));
    }

    Reply approvals(Call call, Map<String, String> values, Caller caller, byte[] bytes) {
        ServedRun run = run(values, caller);
        ArrayNode items = JSON.createArrayNode();
        for (CallProgress progress : runs.approvals(run)) {
            items.add(json.approval(progress, run.workspace()));
        }
        return new Reply.Json(200, RunJson.list("approvals", items));
    }

    /** {@code POST /v1/runs/{id}/approvals/{call}}: {@code {"decision": "approve"|"deny", "scope": "once"|"always", "reason"}}. */
    Reply decide(Call call, Map<String, String> values, Caller caller, byte[] bytes) {
        ServedRun run = run(values, caller);
        Body body = Body.of(bytes, DECISION);
        String decision = body.choice("decision", List.of("approve", "deny")).orElseThrow(() ->
                RequestException.badRequest("field 'decision' is missing: approve or deny"));
        String scope = body.choice("scope", List.of("once", "always")).orElse("once");
        Optional<String> reason = body.optionalText("reason");
        if (decision.equals("deny") && scope.equals("always")) {
            throw RequestException.badRequest("scope 'always' is for approvals: a denial is for this call only "
                    + "(deny rules belong in the server's configuration)");
        }
        String id = values.get("call");
        CallDecision chosen = decision.equals("deny") ? CallDecision.deny(id, reason)
                : scope.equals("always") ? CallDecision.always(id) : CallDecision.approve(id);
        runs.decide(run, chosen);
        return new Reply.Json(200, json.run(run));
    }

    Reply cancel(Call call, Map<String, String> values, Caller caller, byte[] bytes) {
        Body.of(bytes, Set.of());
        return new Reply.Json(202, json.run(runs.cancel(run(values, caller))));
    }

    Reply sessions(Call call, Map<String, String> values, Caller caller, byte[] bytes) {
        ArrayNode items = JSON.createArrayNode();
        runs.backend().sessions().list().stream().filter(info -> runs.seesSession(caller, info.id()))
                .forEach(info -> items.add(json.session(info, runs.sessionOwner(info.id()))));
        return new Reply.Json(200, RunJson.list("sessions", items));
    }

    Reply session(Call call, Map<String, String> values, Caller caller, byte[] bytes) {
        var session = load(values.get("id"), caller);
        var node = json.session(session.info(), runs.sessionOwner(session.info().id()));
        node.set("history", json.messages(session.messages()));
        return new Reply.Json(200, node);
    }

    Reply deleteSession(Call call, Map<String, String> values, Caller caller, byte[] bytes) {
        String id = values.get("id");
        existing(id, caller);
        if (runs.busy(id)) {
            throw RequestException.conflict("session " + id + " has a run going on: cancel it first");
        }
        if (!runs.backend().sessions().delete(id)) {
            throw missingSession(id);
        }
        return new Reply.Json(200, JSON.createObjectNode().put("deleted", id));
    }

    private SessionInfo existing(String id, Caller caller) {
        return load(id, caller).info();
    }

    /** A session the caller sees; to another user someone else's does not exist. */
    private Session load(String id, Caller caller) {
        if (!runs.seesSession(caller, id)) {
            throw missingSession(id);
        }
        try {
            return runs.backend().sessions().load(id).orElseThrow(() -> missingSession(id));
        } catch (IllegalArgumentException e) {
            throw missingSession(id); // not a session id at all
        }
    }

    private ServedRun run(Map<String, String> values, Caller caller) {
        String id = values.get("id");
        return runs.get(id, caller).orElseThrow(() -> RequestException.notFound("there is no run '" + id + "': list them "
                + "with GET /v1/runs"));
    }

    private Reply accepted(Call call, ServedRun run) {
        return new Reply.Json(202, json.run(run), Map.of("Location", "/v1/runs/" + run.id()));
    }

    private static RequestException missingSession(String id) {
        return RequestException.notFound("there is no session '" + id + "': list them with GET /v1/sessions");
    }

    @SuppressWarnings("unchecked")
    private static OutputSchema schema(JsonNode node) {
        try {
            return OutputSchema.of(JSON.treeToValue(node, Map.class));
        } catch (IllegalArgumentException e) {
            throw RequestException.badRequest("field 'output_schema': " + e.getMessage());
        }
    }
}
