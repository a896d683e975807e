package io.agentloop.plugins.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.message.ToolCall;
import io.agentloop.api.run.RunResult;
import io.agentloop.core.Agent;
import io.agentloop.testkit.McpReferenceServers;
import io.agentloop.testkit.ScriptedChatModel;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The everything server over HTTP on loopback (streamable, or server-sent events), through the plugin, in the loop. */
class StreamableHttpTest {
    private Process server;
    private McpToolSource source;
    private int port;

    /** Starts server-everything speaking {@code transport} ({@code streamableHttp} or {@code sse}) on a free port. */
    private void startServer(String transport) throws IOException {
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        ProcessBuilder builder = new ProcessBuilder(McpReferenceServers.node(),
                McpReferenceServers.script("server-everything").toString(), transport);
        builder.environment().put("PORT", Integer.toString(port));
        server = builder.redirectErrorStream(true).start();
        // It says when it listens; read until then (it listens on every interface: we connect to 127.0.0.1 only).
        BufferedReader lines = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = lines.readLine()) != null && !line.contains("on port " + port)) {
            if (line.contains("already in use")) {
                throw new IllegalStateException("port " + port + " was taken meanwhile: " + line);
            }
        }
        Thread.ofVirtual().start(() -> drain(lines));
    }

    private static void drain(BufferedReader lines) {
        try {
            while (lines.readLine() != null) {
                // the server's log, not needed
            }
        } catch (IOException e) {
            // the server stopped
        }
    }

    @AfterEach
    void stop() throws InterruptedException {
        if (source != null) {
            source.close();
        }
        if (server == null) {
            return;
        }
        server.destroy();
        if (!server.waitFor(5, TimeUnit.SECONDS)) {
            server.destroyForcibly();
        }
    }

    @Test
    void theLoopCallsEchoOverStreamableHttp() throws IOException {
        startServer("streamableHttp");
        source = new McpToolSource(Map.of("servers.remote.url", "http://127.0.0.1:" + port + "/mcp",
                "servers.remote.headers.X-Agentloop-Test", "yes"), "test");
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(ToolCall.of("c1", "remote_echo", "{\"message\":\"hello over HTTP\"}"),
                        ToolCall.of("c2", "remote_get-sum", "{\"a\":2,\"b\":40}"))
                .answer("Done.").build();

        RunResult result = Agent.builder().model(model).tools(source.tools()).build().run("Echo and add.");

        assertThat(result.toolCalls()).extracting(r -> r.result().content())
                .containsExactly("Echo: hello over HTTP", "The sum of 2 and 40 is 42.");
        assertThat(source.connections()).singleElement().satisfies(c -> assertThat(c.state()).isEqualTo("ready"));
    }

    @Test
    void aServerThatSpeaksOnlyServerSentEventsIsUsedThatWay() throws IOException {
        startServer("sse");
        source = new McpToolSource(Map.of("servers.old.url", "http://127.0.0.1:" + port + "/sse"), "test");
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(ToolCall.of("c1", "old_echo", "{\"message\":\"hello over SSE\"}")).answer("Done.").build();

        RunResult result = Agent.builder().model(model).tools(source.tools()).build().run("Echo.");

        assertThat(source.connections()).singleElement().satisfies(c -> assertThat(c.problem()).isEmpty());
        assertThat(result.toolCalls()).extracting(r -> r.result().content()).containsExactly("Echo: hello over SSE");
    }

    @Test
    void aServerThatIsNotThereIsAProblemNamingTheUrl() throws IOException {
        int closed;
        try (ServerSocket free = new ServerSocket(0)) {
            closed = free.getLocalPort();
        }
        source = new McpToolSource(Map.of("servers.away.url", "http://127.0.0.1:" + closed + "/mcp",
                "servers.away.timeout", "5s"), "test");

        assertThat(source.tools()).isEmpty();
        assertThat(source.connections()).singleElement().satisfies(c -> {
            assertThat(c.state()).isEqualTo("failed");
            assertThat(c.problem()).get().asString().startsWith("cannot be reached at http://127.0.0.1:" + closed
                    + "/mcp (").endsWith("); is the server running there?");
        });
    }
}
