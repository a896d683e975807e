package io.agentloop.plugins.mcp;

import io.agentloop.api.plugin.PluginContext;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolSource;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.json.schema.jackson3.DefaultJsonSchemaValidator;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code mcp}: the tools of the MCP servers configured under {@code mcp.servers}. The servers start
 * together, in parallel, the first time tools are asked for (when an agent is assembled), except
 * those started lazily whose tools are known from their last start (they start at their first
 * call); each
 * server's tools are named {@code <server>_<tool>}, after its allow and deny lists. A server that
 * fails to start is a problem in {@link #connections()} and offers no tools; the others go on.
 */
public final class McpToolSource implements ToolSource {
    private final List<ServerConfig.Read> configured;
    private final McpJsonMapper json;
    private final Map<String, McpServer> servers = new LinkedHashMap<>();
    private final Map<String, String> collisions = new HashMap<>();
    private final ToolCache cache;
    private List<Tool> tools;

    public McpToolSource(PluginContext context) {
        this(context.settings(), context.pluginVersion(), context::dataFolder);
    }

    McpToolSource(Map<String, String> settings, String version) {
        this(settings, version, () -> null);
    }

    McpToolSource(Map<String, String> settings, String version, Optional<Path> dataFolder) {
        this(settings, version, () -> dataFolder.orElse(null));
    }

    /** @param dataFolder where tool lists are kept for servers started lazily (asked for only if one is) */
    private McpToolSource(Map<String, String> settings, String version, Supplier<Path> dataFolder) {
        this.configured = ServerConfig.readAll(settings);
        // Inside a plugin's class loader the SDK cannot find these itself: they are passed explicitly.
        JsonMapper mapper = JsonMapper.builder().build();
        this.json = new JacksonMcpJsonMapper(mapper);
        DefaultJsonSchemaValidator validator = new DefaultJsonSchemaValidator(mapper);
        McpSchema.Implementation client = new McpSchema.Implementation("agentloop", version);
        this.cache = new ToolCache(dataFolder, json);
        for (ServerConfig.Read read : configured) {
            if (read instanceof ServerConfig.Valid valid && valid.config().enabled()) {
                ServerConfig config = valid.config();
                servers.put(valid.name(), new McpServer(config, json, validator, client,
                        tools -> {
                            if (config.lazy()) {
                                cache.write(config, tools);
                            }
                        }));
            }
        }
    }

    @Override
    public String name() {
        return "mcp";
    }

    @Override
    public synchronized List<Tool> tools() {
        if (tools != null) {
            return tools;
        }
        try (ExecutorService starts = Executors.newVirtualThreadPerTaskExecutor()) {
            for (McpServer server : servers.values()) {
                Optional<List<McpSchema.Tool>> cached = server.config().lazy() ? cache.read(server.config())
                        : Optional.empty();
                if (cached.isPresent()) {
                    server.known(cached.get());
                } else {
                    starts.submit(server::start);
                }
            }
        }
        Map<String, Tool> byName = new LinkedHashMap<>();
        for (McpServer server : servers.values()) {
            for (McpSchema.Tool tool : server.tools()) {
                if (!server.config().offers(tool.name())) {
                    continue;
                }
                String name = McpTool.name(server.config().name(), tool.name());
                if (byName.containsKey(name)) {
                    collisions.put(server.config().name(), "offers " + tool.name() + " as '" + name + "', a name "
                            + "another tool of these servers has: it is left out (rename one of the servers)");
                    continue;
                }
                byName.put(name, new McpTool(server, tool, name, json));
            }
        }
        tools = List.copyOf(byName.values());
        return tools;
    }

    @Override
    public synchronized List<Connection> connections() {
        List<Connection> connections = new ArrayList<>();
        for (ServerConfig.Read read : configured) {
            switch (read) {
                case ServerConfig.Invalid invalid -> connections.add(new Connection(invalid.name(), "invalid",
                        List.of(), Optional.of(invalid.problem())));
                case ServerConfig.Valid valid -> {
                    McpServer server = servers.get(valid.name());
                    if (server == null) {
                        connections.add(new Connection(valid.name(), "disabled", List.of(), Optional.empty()));
                        continue;
                    }
                    List<String> names = tools == null ? List.of() : tools.stream().map(t -> t.spec().name())
                            .filter(n -> n.startsWith(McpTool.name(valid.name(), ""))).toList();
                    Optional<String> problem = server.problem()
                            .or(() -> Optional.ofNullable(collisions.get(valid.name())));
                    String state = server.state() == McpServer.State.NEW ? "lazy" : server.state().name().toLowerCase();
                    connections.add(new Connection(valid.name(), state, names, problem));
                }
            }
        }
        return connections;
    }

    @Override
    public void close() {
        try (ExecutorService stops = Executors.newVirtualThreadPerTaskExecutor()) {
            servers.values().forEach(server -> stops.submit(server::close));
        }
    }
}
