package io.agentloop.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.agentloop.server.AgentServer;
import io.agentloop.server.ServerSettings;
import io.agentloop.server.TestBackend;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The OpenAPI description at {@code /v1/openapi.json} against the server that serves it: exactly its
 * routes, valid OpenAPI 3.1, and request bodies with exactly the fields the routes take.
 */
class OpenApiTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final List<String> METHODS = List.of("get", "put", "post", "delete", "options", "head", "patch",
            "trace");
    private static final Pattern PARAMETER = Pattern.compile("\\{([^}]+)}");
    /**
     * The Agent2Agent routes, added as endpoints when the server starts. Described already; a server
     * that has routes at these paths must have them as described (the comparison below is exact).
     */
    private static final Set<Route> A2A = Set.of(new Route("GET", "/.well-known/agent-card.json", true),
            new Route("POST", "/a2a", false));

    @TempDir
    Path root;
    AgentServer server;
    JsonNode description;

    @BeforeEach
    void serve() {
        server = AgentServer.start(ServerSettings.local(root.resolve("workspaces"), root.resolve("data")),
                new TestBackend(root.resolve("sessions")));
        Reply reply = server.api().handle(Requests.get("/v1/openapi.json").call());
        assertThat(reply).isInstanceOfSatisfying(Reply.Bytes.class, bytes -> {
            assertThat(bytes.status()).isEqualTo(200);
            assertThat(bytes.contentType()).isEqualTo("application/json");
        });
        description = JSON.readTree(((Reply.Bytes) reply).body());
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void describesExactlyTheRoutesTheServerHasAndWhichNeedNoToken() {
        Set<Route> routes = new HashSet<>(server.api().routes());
        for (Route a2a : A2A) {
            if (routes.stream().noneMatch(r -> r.method().equals(a2a.method()) && r.pattern().equals(a2a.pattern()))) {
                routes.add(a2a); // not on the server yet: its description is checked once it is
            }
        }

        assertThat(described()).containsExactlyInAnyOrderElementsOf(routes);
    }

    @Test
    void isAValidOpenApi31Document() throws IOException {
        assertThat(description.path("openapi").asString()).matches("3\\.1\\.\\d+");
        assertThat(description.path("info").path("title").asString()).isNotBlank();
        assertThat(description.path("info").path("version").asString()).isNotBlank();
        operations().forEach((name, operation) -> assertThat(operation.path("responses").size())
                .as("responses of %s", name).isPositive());

        Schema schema;
        try (InputStream in = OpenApiTest.class.getResourceAsStream("/openapi/schema-2022-10-07.json")) {
            schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                    .getSchema(JSON.readTree(in));
        }
        List<Error> errors = schema.validate(description);
        assertThat(errors).isEmpty();
    }

    @Test
    void everyReferenceLeadsSomewhereAndEveryPathParameterIsDeclared() {
        references(description, new LinkedHashSet<>()).forEach(ref -> assertThat(resolve(ref).isMissingNode())
                .as("%s leads nowhere", ref).isFalse());
        operations().forEach((name, operation) -> {
            Set<String> declared = new TreeSet<>();
            for (JsonNode parameter : operation.path("parameters")) {
                JsonNode resolved = resolved(parameter);
                if (resolved.path("in").asString().equals("path")) {
                    declared.add(resolved.path("name").asString());
                }
            }
            Set<String> inPath = new TreeSet<>();
            Matcher names = PARAMETER.matcher(name.substring(name.indexOf(' ') + 1));
            while (names.find()) {
                inPath.add(names.group(1));
            }
            assertThat(declared).as("path parameters of %s", name).isEqualTo(inPath);
        });
    }

    @Test
    void requestBodiesTakeExactlyTheFieldsTheRoutesTake() {
        assertThat(bodyFields("post", "/v1/runs")).isEqualTo(RunRoutes.START);
        assertThat(bodyFields("post", "/v1/sessions/{id}/messages")).isEqualTo(RunRoutes.MESSAGE);
        assertThat(bodyFields("post", "/v1/runs/{id}/approvals/{call}")).isEqualTo(RunRoutes.DECISION);
        assertThat(bodyFields("post", "/v1/runs/{id}/cancel")).isEmpty();
        assertThat(resolved(description.path("paths").path("/v1/runs").path("post").path("requestBody"))
                .path("required").asBoolean()).isTrue();
    }

    @Test
    void everyRefusalTheServerGivesARouteIsDescribedOnIt() {
        for (Route route : server.api().routes()) {
            JsonNode operation = description.path("paths").path(route.pattern())
                    .path(route.method().toLowerCase(Locale.ROOT));
            JsonNode responses = operation.path("responses");
            String name = route.method() + " " + route.pattern();
            if (!route.open()) {
                assertThat(responses.has("401")).as("401 on %s", name).isTrue();
                JsonNode tooMany = resolved(responses.path("429"));
                assertThat(tooMany.path("headers").has("Retry-After")).as("429 with Retry-After on %s", name).isTrue();
            }
            if (operation.has("requestBody")) {
                assertThat(responses.has("413")).as("413 on %s", name).isTrue();
                // JSON-RPC says what was wrong in a 200's error object (A2A); the API itself with a 400
                assertThat(responses.has("400") || route.pattern().equals("/a2a")).as("400 on %s", name).isTrue();
            }
            if (PARAMETER.matcher(route.pattern()).find()) {
                assertThat(responses.has("404")).as("404 on %s", name).isTrue();
            }
        }
        JsonNode error = description.path("components").path("schemas").path("Error");
        assertThat(error.path("properties").path("error").path("required"))
                .extracting(JsonNode::asString).containsExactlyInAnyOrder("status", "message");
    }

    /** The routes the description has: method, path, and whether it needs no token ({@code security: []}). */
    private Set<Route> described() {
        Set<Route> routes = new HashSet<>();
        boolean tokenByDefault = !description.path("security").isEmpty();
        operations().forEach((name, operation) -> {
            JsonNode security = operation.has("security") ? operation.get("security") : description.path("security");
            boolean open = !tokenByDefault || security.isEmpty();
            routes.add(new Route(name.substring(0, name.indexOf(' ')), name.substring(name.indexOf(' ') + 1), open));
        });
        return routes;
    }

    /** {@code "GET /v1/runs"} to its operation object. */
    private Map<String, JsonNode> operations() {
        Map<String, JsonNode> operations = new java.util.TreeMap<>();
        for (Map.Entry<String, JsonNode> path : description.path("paths").properties()) {
            for (String method : METHODS) {
                if (path.getValue().has(method)) {
                    operations.put(method.toUpperCase(Locale.ROOT) + " " + path.getKey(), path.getValue().get(method));
                }
            }
        }
        return operations;
    }

    private Set<String> bodyFields(String method, String path) {
        JsonNode body = resolved(description.path("paths").path(path).path(method).path("requestBody"));
        JsonNode schema = resolved(body.path("content").path("application/json").path("schema"));
        assertThat(schema.path("additionalProperties").isBoolean() && !schema.path("additionalProperties").asBoolean())
                .as("%s %s refuses unknown fields", method, path).isTrue();
        Set<String> fields = new TreeSet<>();
        Iterator<String> names = schema.path("properties").propertyNames().iterator();
        names.forEachRemaining(fields::add);
        return fields;
    }

    private JsonNode resolved(JsonNode node) {
        return node.has("$ref") ? resolved(resolve(node.get("$ref").asString())) : node;
    }

    private JsonNode resolve(String ref) {
        assertThat(ref).startsWith("#/");
        return description.at(ref.substring(1));
    }

    private static Set<String> references(JsonNode node, Set<String> found) {
        if (node.has("$ref") && node.get("$ref").isString()) {
            found.add(node.get("$ref").asString());
        }
        node.forEach(child -> references(child, found));
        return found;
    }
}
