package io.agentloop.bench;

import io.agentloop.api.CancellationSignal;
import io.agentloop.api.model.ChatModel;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.model.ModelStream;
import io.agentloop.api.plugin.PluginContext;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;
import io.agentloop.core.Agent;
import io.agentloop.plugins.mcp.McpToolSource;
import io.agentloop.testkit.McpReferenceServers;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * What an MCP tool costs: the time from creating the source to the server's tool list (a fresh
 * {@code node} process for server-everything over stdio each round), and one call of
 * {@code everything_echo} against the same call of an in-process echo tool, both through
 * {@link Agent#callTool} (hooks, validation, permission gate), alternating so both see the same
 * machine. Run with {@code ./dev bench-mcp [starts] [calls]}; prints medians and 90th percentiles.
 */
public final class McpCallBenchmark {
    private McpCallBenchmark() {
    }

    /** The same tool, in process. */
    static final class LocalEcho implements Tool {
        private static final ToolSpec SPEC = ToolSpec.builder("local_echo").description("Echoes back the input string")
                .stringParameter("message", "Message to echo", true).build();

        @Override
        public ToolSpec spec() {
            return SPEC;
        }

        @Override
        public boolean readOnly() {
            return true;
        }

        @Override
        public ToolResult execute(ToolArguments arguments, ToolContext context) {
            return ToolResult.success("Echo: " + arguments.requireString("message"));
        }
    }

    public static void main(String[] args) {
        int starts = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        int calls = args.length > 1 ? Integer.parseInt(args[1]) : 1000;
        Map<String, String> settings = Map.of("servers.everything.command", McpReferenceServers.node(),
                "servers.everything.args", McpReferenceServers.script("server-everything").toString());
        List<Double> startup = new ArrayList<>();
        for (int i = 0; i < starts + 1; i++) {
            long begin = System.nanoTime();
            try (McpToolSource source = new McpToolSource(context(settings))) {
                if (source.tools().isEmpty()) {
                    throw new IllegalStateException("no tools: " + source.connections());
                }
                if (i > 0) { // the first round warms the JVM up
                    startup.add((System.nanoTime() - begin) / 1e6);
                }
            }
        }
        try (McpToolSource source = new McpToolSource(context(settings))) {
            List<Tool> tools = new ArrayList<>(source.tools());
            tools.add(new LocalEcho());
            Agent agent = Agent.builder().model(NO_MODEL).tools(tools).build();
            for (int i = 0; i < 200; i++) {
                call(agent, "everything_echo");
                call(agent, "local_echo");
            }
            List<Double> mcp = new ArrayList<>();
            List<Double> local = new ArrayList<>();
            for (int i = 0; i < calls; i++) {
                mcp.add(call(agent, "everything_echo"));
                local.add(call(agent, "local_echo"));
            }
            System.out.printf("server-everything over stdio, start to tool list, %d starts (ms, median / p90): "
                    + "%.1f / %.1f%n", starts, percentile(startup, 50), percentile(startup, 90));
            System.out.printf("one echo call through Agent.callTool, %d calls each (ms, median / p90): MCP %.3f / %.3f;"
                    + " in-process tool %.3f / %.3f; MCP adds %.3f ms at the median%n", calls, percentile(mcp, 50),
                    percentile(mcp, 90), percentile(local, 50), percentile(local, 90),
                    percentile(mcp, 50) - percentile(local, 50));
        }
    }

    private static double call(Agent agent, String tool) {
        long begin = System.nanoTime();
        ToolResult result = agent.callTool(tool, "{\"message\":\"hello\"}");
        double millis = (System.nanoTime() - begin) / 1e6;
        if (!result.content().equals("Echo: hello")) {
            throw new IllegalStateException(tool + " answered " + result.content());
        }
        return millis;
    }

    private static PluginContext context(Map<String, String> settings) {
        return new PluginContext() {
            @Override
            public String pluginId() {
                return "mcp";
            }

            @Override
            public String pluginVersion() {
                return "bench";
            }

            @Override
            public Map<String, String> settings() {
                return settings;
            }

            @Override
            public Path dataFolder() {
                return Path.of("target", "mcp-bench");
            }
        };
    }

    private static double percentile(List<Double> values, int p) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p / 100.0 * sorted.size()) - 1));
    }

    private static final ChatModel NO_MODEL = new ChatModel() {
        @Override
        public String name() {
            return "none";
        }

        @Override
        public ModelStream stream(ChatRequest request, CancellationSignal cancellation) {
            throw new UnsupportedOperationException("tools only");
        }
    };
}
