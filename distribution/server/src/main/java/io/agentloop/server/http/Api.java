package io.agentloop.server.http;

import io.agentloop.api.run.AgentRegistry;
import io.agentloop.core.run.AgentStates;
import io.agentloop.server.backend.RequestException;
import io.agentloop.server.run.Caller;
import io.agentloop.server.run.ServedRuns;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Every route of the server, answered without a socket: a {@link Call} in, a {@link Reply} out. In
 * order: the page the request may come from ({@link BrowserGuard}: 421, 403, 405 for {@code OPTIONS}),
 * the route (404, 405), the caller (401), the client's rate (429), the body within the limit (413),
 * then the route's own checks (400, 404, 409). {@code GET /health} answers anyone: it tells nothing
 * but that the server is up, and probes call it by whatever address they have. The HTTP server only
 * carries calls here and replies back. A client's mistake is answered, never logged; only a failure of
 * the server's own is.
 */
public final class Api {
    private static final Logger LOG = LoggerFactory.getLogger(Api.class);
    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** A route's code: the path's values, the caller, the body. */
    @FunctionalInterface
    interface Handler {
        Reply handle(Call call, Map<String, String> values, Caller caller, byte[] body);
    }

    private static final String HEALTH = "/health";

    private final BrowserGuard guard;
    private final Gate gate;
    private final int maxBody;
    private final Map<Route, Handler> routes = new LinkedHashMap<>();

    public Api(ServedRuns runs, ApiSettings settings, List<Endpoint> endpoints, Clock clock) {
        this(runs, settings, endpoints, clock, AgentStates.process());
    }

    /** @param agents the agents {@code GET /v1/agents/states} lists: the process's, but for a test */
    public Api(ServedRuns runs, ApiSettings settings, List<Endpoint> endpoints, Clock clock, AgentRegistry agents) {
        this.guard = new BrowserGuard(settings.hosts());
        this.gate = new Gate(settings.tokens(), settings.named(), settings.tokenMade(), settings.requestsPerMinute(),
                clock);
        this.maxBody = settings.maxBody();
        RunRoutes run = new RunRoutes(runs, settings);
        routes.put(new Route("GET", HEALTH, true), (call, values, caller, body) -> new Reply.Json(200,
                JSON.createObjectNode().put("status", "up").put("live", true).put("ready", true)));
        routes.put(new Route("GET", "/v1/openapi.json", true), (call, values, caller, body) -> Console.asset(
                "openapi.json"));
        routes.put(new Route("GET", "/", true), (call, values, caller, body) -> Console.asset("index.html"));
        routes.put(new Route("GET", "/console/{file}", true), (call, values, caller, body) -> Console.asset(
                values.get("file")));
        routes.put(new Route("GET", "/v1/agents", false), run::agents);
        routes.put(new Route("GET", "/v1/agents/states", false), new AgentStatesRoute(agents, runs)::list);
        routes.put(new Route("POST", "/v1/runs", false), run::start);
        routes.put(new Route("GET", "/v1/runs", false), run::list);
        routes.put(new Route("GET", "/v1/runs/{id}", false), run::get);
        routes.put(new Route("GET", "/v1/runs/{id}/events", false), run::events);
        routes.put(new Route("GET", "/v1/runs/{id}/approvals", false), run::approvals);
        routes.put(new Route("POST", "/v1/runs/{id}/approvals/{call}", false), run::decide);
        routes.put(new Route("POST", "/v1/runs/{id}/cancel", false), run::cancel);
        routes.put(new Route("GET", "/v1/sessions", false), run::sessions);
        routes.put(new Route("GET", "/v1/sessions/{id}", false), run::session);
        routes.put(new Route("DELETE", "/v1/sessions/{id}", false), run::deleteSession);
        routes.put(new Route("POST", "/v1/sessions/{id}/messages", false), run::message);
        for (Endpoint endpoint : endpoints) {
            routes.put(new Route(endpoint.method(), endpoint.path(), endpoint.open()),
                    (call, values, caller, body) -> endpoint.handle(call, caller, body));
        }
    }

    /** Every route the server answers, for its OpenAPI description. */
    public List<Route> routes() {
        return List.copyOf(routes.keySet());
    }

    /** Answers one call; a refused call is a JSON error {@code {"error": {"status", "message"}}}. */
    public Reply handle(Call call) {
        try {
            if (!call.path().equals(HEALTH)) {
                guard.check(call);
            }
            List<String> allowed = new ArrayList<>();
            for (Map.Entry<Route, Handler> entry : routes.entrySet()) {
                Optional<Map<String, String>> values = entry.getKey().match(call.path());
                if (values.isEmpty()) {
                    continue;
                }
                if (!entry.getKey().method().equals(call.method())) {
                    allowed.add(entry.getKey().method());
                    continue;
                }
                Caller caller = entry.getKey().open() ? Caller.ANYONE : gate.caller(call.header().apply("Authorization"));
                if (!entry.getKey().open()) {
                    gate.count(caller, call.remote());
                }
                byte[] body = call.method().equals("GET") || call.method().equals("DELETE") ? new byte[0]
                        : Body.read(call.body(), maxBody);
                return entry.getValue().handle(call, values.get(), caller, body);
            }
            if (!allowed.isEmpty()) {
                return error(new RequestException(405, call.method() + " is not allowed on " + call.path() + ": use "
                        + String.join(" or ", allowed)), Map.of("Allow", String.join(", ", allowed)));
            }
            throw RequestException.notFound("there is nothing at " + call.path() + ": the API is under /v1 (see "
                    + "/v1/openapi.json)");
        } catch (RequestException e) {
            Map<String, String> headers = new LinkedHashMap<>();
            e.retryAfter().ifPresent(wait -> headers.put("Retry-After", Long.toString(seconds(wait))));
            if (e.status() == 401) {
                headers.put("WWW-Authenticate", "Bearer");
            }
            return error(e, headers);
        } catch (RuntimeException e) {
            LOG.error("{} {} failed", call.method(), call.path(), e);
            return error(new RequestException(500, "the server failed to answer: " + e.getMessage()), Map.of());
        }
    }

    /** A refusal as every route words it, for one the web server makes before any route is reached. */
    public static Reply.Json error(RequestException e) {
        return error(e, Map.of());
    }

    static Reply.Json error(RequestException e, Map<String, String> headers) {
        ObjectNode body = JSON.createObjectNode();
        body.putObject("error").put("status", e.status()).put("message", e.getMessage());
        return new Reply.Json(e.status(), body, headers);
    }

    private static long seconds(Duration wait) {
        return Math.max(1, (wait.toMillis() + 999) / 1000);
    }
}
