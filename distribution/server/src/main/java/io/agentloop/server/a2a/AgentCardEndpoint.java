package io.agentloop.server.a2a;

import io.agentloop.server.backend.RunBackend;
import io.agentloop.server.http.Call;
import io.agentloop.server.http.Endpoint;
import io.agentloop.server.http.Reply;
import io.agentloop.server.run.Caller;
import java.util.List;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code GET /.well-known/agent-card.json}: the agent card, public as the specification has it
 * (it tells how to call, not what was asked). One skill per agent profile; the JSON-RPC endpoint's
 * address from the address the caller reached; HTTP bearer declared, since every call needs the
 * server's token (a configured one, or the one it made at start).
 *
 * <p>One card for A2A 1.0 and 0.3 clients, since both read it from the same well-known address:
 * 1.0's {@code supportedInterfaces} lists the endpoint once per version it speaks, and 0.3's fields
 * ({@code url}, {@code preferredTransport}, {@code additionalInterfaces}, {@code protocolVersion},
 * {@code security}) stay beside them, each version's clients reading theirs and passing over the
 * other's. The bearer scheme is written in both shapes in one object: 0.3's {@code type} and
 * {@code scheme}, and 1.0's {@code httpAuthSecurityScheme}.
 */
final class AgentCardEndpoint implements Endpoint {
    static final String PATH = "/.well-known/agent-card.json";
    /** The version of the Agent2Agent protocol a 0.3 client reads from the card's {@code protocolVersion}. */
    static final String PROTOCOL = "0.3.0";
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final List<String> TEXT = List.of("text/plain");

    private final RunBackend backend;

    AgentCardEndpoint(RunBackend backend) {
        this.backend = backend;
    }

    @Override
    public String method() {
        return "GET";
    }

    @Override
    public String path() {
        return PATH;
    }

    @Override
    public boolean open() {
        return true;
    }

    @Override
    public Reply handle(Call call, Caller caller, byte[] body) {
        return new Reply.Json(200, card(call.base() + JsonRpcEndpoint.PATH));
    }

    ObjectNode card(String url) {
        ObjectNode card = JSON.createObjectNode().put("protocolVersion", PROTOCOL).put("name", backend.name())
                .put("description", backend.description()).put("url", url).put("preferredTransport", "JSONRPC")
                .put("version", backend.version());
        card.putArray("additionalInterfaces").addObject().put("url", url).put("transport", "JSONRPC");
        ArrayNode interfaces = card.putArray("supportedInterfaces");
        for (ProtocolVersion version : List.of(ProtocolVersion.V1_0, ProtocolVersion.V0_3)) {
            interfaces.addObject().put("url", url).put("protocolBinding", "JSONRPC")
                    .put("protocolVersion", version.number());
        }
        card.putObject("capabilities").put("streaming", true).put("pushNotifications", false)
                .put("stateTransitionHistory", false).put("extendedAgentCard", false);
        TEXT.forEach(card.putArray("defaultInputModes")::add);
        TEXT.forEach(card.putArray("defaultOutputModes")::add);
        ArrayNode skills = card.putArray("skills");
        List<String> agents = backend.agents();
        for (String agent : agents) {
            ObjectNode skill = skills.addObject().put("id", agent).put("name", agent).put("description",
                    "The agent profile '" + agent + "'" + (agent.equals(agents.getFirst())
                            ? ", used for a message that names none" : "")
                            + ": send a task as a text message, naming this profile in the request's "
                            + "metadata.agent.");
            skill.putArray("tags").add("agentloop").add(agent);
        }
        String token = "A bearer token of the server's (server.token-file or AGENTLOOP_SERVER_TOKEN, else the one "
                + "agentloop serve printed at start)";
        ObjectNode bearer = card.putObject("securitySchemes").putObject("bearer").put("type", "http")
                .put("scheme", "bearer").put("description", token);
        bearer.putObject("httpAuthSecurityScheme").put("scheme", "bearer").put("description", token);
        card.putArray("security").addObject().putArray("bearer");
        card.putArray("securityRequirements").addObject().putObject("schemes").putObject("bearer").putArray("list");
        card.put("supportsAuthenticatedExtendedCard", false);
        return card;
    }
}
