package io.agentloop.plugins.mcp;

import io.agentloop.api.plugin.PluginContext;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolServer;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.json.schema.jackson3.DefaultJsonSchemaValidator;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code agentloop mcp serve}: the installation's tools as an MCP server over stdio. Each tool is
 * listed with its description, input schema and read-only hint; a call runs through the caller the
 * launcher gives (the permission rules included, so what would ask is refused unless a rule or the
 * mode allows it), and its failure is an {@code isError} result with the reason as its text.
 */
public final class McpToolServer implements ToolServer {
    private final String version;

    public McpToolServer(PluginContext context) {
        this(context.pluginVersion());
    }

    McpToolServer(String version) {
        this.version = version;
    }

    @Override
    public String name() {
        return "mcp";
    }

    @Override
    public void serve(List<Tool> tools, ToolCaller caller, InputStream in, OutputStream out) {
        JsonMapper mapper = JsonMapper.builder().build();
        McpJsonMapper json = new JacksonMcpJsonMapper(mapper);
        CountDownLatch closed = new CountDownLatch(1);
        StdioServerTransportProvider transport = new StdioServerTransportProvider(json, new Watched(in, closed), out);
        List<McpServerFeatures.SyncToolSpecification> specifications = tools.stream()
                .map(tool -> specification(tool, caller, mapper)).toList();
        McpSyncServer server = McpServer.sync(transport).serverInfo("agentloop", version).jsonMapper(json)
                .jsonSchemaValidator(new DefaultJsonSchemaValidator(mapper))
                .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build()).tools(specifications).build();
        try {
            closed.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            server.closeGracefully();
        }
    }

    private static McpServerFeatures.SyncToolSpecification specification(Tool tool, ToolCaller caller, JsonMapper mapper) {
        McpSchema.Tool described = McpSchema.Tool.builder().name(tool.spec().name())
                .description(tool.spec().description()).inputSchema(tool.spec().parameters())
                .annotations(new McpSchema.ToolAnnotations(null, tool.readOnly(), !tool.readOnly(), null, null, null))
                .build();
        return McpServerFeatures.SyncToolSpecification.builder().tool(described).callHandler((exchange, request) -> {
            Map<String, Object> arguments = request.arguments() == null ? Map.of() : request.arguments();
            ToolResult result = caller.call(tool.spec().name(), mapper.writeValueAsString(arguments));
            return McpSchema.CallToolResult.builder().addTextContent(result.content()).isError(result.isError())
                    .build();
        }).build();
    }

    /** Standard input that says when it ends: the client left. */
    private static final class Watched extends FilterInputStream {
        private final CountDownLatch closed;

        Watched(InputStream in, CountDownLatch closed) {
            super(in);
            this.closed = closed;
        }

        @Override
        public int read() throws IOException {
            return ended(super.read());
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            try {
                return ended(super.read(b, off, len));
            } catch (IOException e) {
                closed.countDown();
                throw e;
            }
        }

        private int ended(int n) {
            if (n < 0) {
                closed.countDown();
            }
            return n;
        }
    }
}
