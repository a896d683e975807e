package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.launcher.InstalledLauncher.Outcome;
import io.agentloop.testkit.McpReferenceServers;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.json.schema.jackson3.DefaultJsonSchemaValidator;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * MCP through the built installation: a configured server's tools called in a run and listed, its
 * server never outliving the launcher (killed, or stopped with Ctrl-C mid-call), a misbehaving server
 * said in one line, and {@code agentloop mcp serve} offering the installation's tools under its rules.
 */
class McpIT extends InstallationFixture {
    @Test
    void aRunCallsTheToolsOfAConfiguredMcpServerAndMcpListsIt() throws Exception {
        Path graph = work.resolve("graph.jsonl");
        Files.writeString(work.resolve("user.yaml"), "mcp:\n  servers:\n    memory:\n      command: "
                + McpReferenceServers.node() + "\n      args: [\"" + McpReferenceServers.script("server-memory")
                + "\"]\n      env:\n        MEMORY_FILE_PATH: \"" + graph + "\"\npermissions:\n"
                + "  allow: [memory_create_entities]\n");
        server.enqueue(FakeOpenAi.toolCall("call_1", "memory_create_entities", "{\"entities\":[{\"name\":\"Ada\","
                + "\"entityType\":\"person\",\"observations\":[\"wrote the first program\"]}]}"));
        server.enqueue(FakeOpenAi.toolCall("call_2", "memory_search_nodes", "{\"query\":\"Ada\"}"));
        server.enqueue(FakeOpenAi.answer("Ada wrote the first program."));

        Outcome run = agentloop("run", "Remember Ada, then look her up");

        assertThat(run.exit()).as(run.err() + run.out()).isZero();
        assertThat(run.out()).containsPattern(ToolLine.closing("memory_create_entities", "ok")).containsPattern(ToolLine.closing("memory_search_nodes", "ok"))
                .contains("Ada wrote the first program.");
        assertThat(Files.readString(graph)).as("the server wrote what the call asked").contains("\"name\":\"Ada\"")
                .contains("wrote the first program");
        server.takeRequest();
        server.takeRequest();
        assertThat(server.takeRequest().getBody().utf8()).as("the search result went back to the model")
                .contains("wrote the first program");

        Outcome listed = agentloop("mcp");
        assertThat(listed.exit()).as(listed.err()).isZero();
        assertThat(listed.out()).containsPattern("memory +ready +9 tools: memory_create_entities, ");
        Outcome tools = agentloop("tools");
        assertThat(tools.out()).containsPattern("memory_read_graph +mcp +read-only");
        String script = McpReferenceServers.script("server-memory").toString();
        assertThat(ProcessHandle.allProcesses().filter(p -> p.isAlive()
                && p.info().arguments().map(a -> List.of(a).contains(script)).orElse(false)))
                .as("no server outlives the launcher (it would be an orphan, no longer our descendant)").isEmpty();
    }

    @Test
    void anMcpServerDoesNotOutliveALauncherKilledWithSigkill() throws Exception {
        Files.writeString(work.resolve("user.yaml"), "mcp:\n  servers:\n    memory:\n      command: "
                + McpReferenceServers.node() + "\n      args: [\"" + McpReferenceServers.script("server-memory")
                + "\"]\n");
        ProcessBuilder builder = new ProcessBuilder(installation.resolve("bin/agentloop").toString(), "chat")
                .directory(work.toFile()).redirectError(work.resolve("err.txt").toFile());
        environment(builder.environment());
        Process launcher = builder.start();
        try (var lines = new java.io.BufferedReader(new java.io.InputStreamReader(launcher.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line;
            while ((line = lines.readLine()) != null && !line.startsWith("Chatting with")) {
                // the chat greets once its agent, and so its MCP servers, are ready
            }
            assertThat(line).as(Files.readString(work.resolve("err.txt"))).isNotNull();
            // the server itself, not the bwrap that holds it in a PID namespace of its own
            List<ProcessHandle> servers = launcher.descendants().filter(p -> p.info().arguments()
                    .map(a -> List.of(a).contains(McpReferenceServers.script("server-memory").toString()))
                    .orElse(false) && !p.info().command().orElse("").endsWith("/bwrap")).toList();
            assertThat(servers).hasSize(1);

            launcher.destroyForcibly();

            assertThat(servers.getFirst().onExit().get(20, TimeUnit.SECONDS).isAlive())
                    .as("the server sees its stdin close and exits").isFalse();
        } finally {
            launcher.destroyForcibly();
        }
    }

    @Test
    void mcpServeOffersTheInstallationsToolsUnderItsPermissionRules() throws Exception {
        Files.writeString(work.resolve("notes.txt"), "The build uses Maven.\n");
        Files.writeString(work.resolve("secret.txt"), "not for clients\n");
        Files.writeString(work.resolve("user.yaml"), "workspace:\n  root: \"" + work + "\"\npermissions:\n"
                + "  deny: [\"read(secret.txt)\"]\n");
        Map<String, String> env = new java.util.HashMap<>();
        environment(env);
        McpJsonMapper json = new JacksonMcpJsonMapper(JsonMapper.builder().build());
        var transport = new StdioClientTransport(ServerParameters.builder(installation.resolve("bin/agentloop")
                .toString()).args("mcp", "serve").env(env).build(), json);
        try (var client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(30))
                .initializationTimeout(Duration.ofSeconds(30)).jsonSchemaValidator(new DefaultJsonSchemaValidator())
                .build()) {
            assertThat(client.initialize().serverInfo().name()).isEqualTo("agentloop");

            var tools = client.listTools().tools();
            assertThat(tools).extracting(McpSchema.Tool::name).contains("read", "write", "bash", "change_case");
            assertThat(tools).filteredOn(t -> t.name().equals("read")).singleElement()
                    .satisfies(t -> assertThat(t.annotations().readOnlyHint()).isTrue());

            var read = client.callTool(new McpSchema.CallToolRequest("read",
                    Map.of("path", "notes.txt"), null));
            assertThat(read.isError()).isFalse();
            assertThat(((McpSchema.TextContent) read.content().getFirst()).text())
                    .contains("The build uses Maven.");

            var denied = client.callTool(new McpSchema.CallToolRequest("read",
                    Map.of("path", "secret.txt"), null));
            assertThat(denied.isError()).isTrue();
            assertThat(((McpSchema.TextContent) denied.content().getFirst()).text())
                    .contains("denied").doesNotContain("not for clients");

            var asks = client.callTool(new McpSchema.CallToolRequest("write",
                    Map.of("path", "new.txt", "content", "hello"), null));
            assertThat(asks.isError()).as("a write asks, and no one can answer: refused").isTrue();
            assertThat(work.resolve("new.txt")).doesNotExist();
        }
    }

    @Test
    void anMcpServerThatPrintsABannerAndAnswersTooMuchIsSaidInOneLineEachWithoutStackTraces() throws Exception {
        // The MCP plugin's own misbehaving test server, copied out of the project.
        Path script = Files.copy(Path.of(System.getProperty("agentloop.root"), "plugins", "mcp", "src", "test",
                "resources", "odd-server.mjs"), work.resolve("odd-server.mjs"));
        Files.writeString(work.resolve("user.yaml"), "mcp:\n  servers:\n    odd:\n      command: "
                + McpReferenceServers.node() + "\n      args: [" + jsonString(script.toString()) + "]\n"
                + "      env:\n        BANNER: \"1\"\n        RESULT_SIZE: \"" + 50 * 1024 * 1024 + "\"\n");
        server.enqueue(FakeOpenAi.toolCall("call_1", "odd_big", "{}"));
        server.enqueue(FakeOpenAi.answer("Too big."));

        Outcome run = agentloop("run", "--yes", "Get it all");

        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.err().lines().filter(line -> line.contains("odd")).toList()).singleElement().asString()
                .contains("MCP server 'odd' wrote a line on stdout that is not JSON-RPC, skipped: "
                        + "'odd-server 1.0 listening on stdio'");
        assertThat(run.err()).doesNotContain("\tat ").doesNotContain("Exception");
        assertThat(run.out()).contains("MCP server 'odd': sent a message of more than 16 MB on stdout")
                .doesNotContain("exited with code");
    }

    @Test
    void ctrlCDuringAnMcpCallEndsTheRunCancelledAndTheServerWithIt() throws Exception {
        String script = McpReferenceServers.script("server-everything").toString();
        Files.writeString(work.resolve("user.yaml"), "mcp:\n  servers:\n    everything:\n      command: "
                + McpReferenceServers.node() + "\n      args: [\"" + script + "\"]\n");
        server.enqueue(FakeOpenAi.toolCall("call_1", "everything_trigger-long-running-operation",
                "{\"duration\":120,\"steps\":4}"));
        Process launcher = startAndAwaitTool("run", "--json", "Take your time");
        List<ProcessHandle> servers = launcher.descendants().filter(p -> p.info().arguments()
                .map(a -> List.of(a).contains(script)).orElse(false)
                && !p.info().command().orElse("").endsWith("/bwrap")).toList();
        assertThat(servers).as("the server the call went to " + Files.readString(work.resolve("err.txt"))).hasSize(1);

        ctrlC(launcher);

        Await.exit(launcher, "the launcher exits after Ctrl-C");
        assertThat(launcher.exitValue()).as(Files.readString(work.resolve("err.txt"))).isEqualTo(130);
        assertThat(Files.readString(work.resolve("out.txt"))).contains("\"reason\":\"CANCELLED\"");
        assertThat(servers.getFirst().onExit().get(Await.LIMIT.toMinutes(), TimeUnit.MINUTES).isAlive())
                .as("the MCP server does not outlive the launcher").isFalse();
    }
}
