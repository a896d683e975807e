package io.agentloop.plugins.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSource;
import io.agentloop.core.Agent;
import io.agentloop.testkit.McpReferenceServers;
import io.agentloop.testkit.ScriptedChatModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the plugin makes of a server's tools and results, against real servers over stdio: images,
 * structured content and errors as results, the child's environment, clashing names, and which
 * servers and tools are offered at all.
 */
class McpRulesTest {
    @TempDir
    Path files;

    private static Map<String, String> everything(String name) {
        return Map.of("servers." + name + ".command", McpReferenceServers.node(),
                "servers." + name + ".args", McpReferenceServers.script("server-everything").toString());
    }

    private static ToolResult call(McpToolSource source, String tool, String arguments) {
        Agent agent = Agent.builder().model(ScriptedChatModel.script().build()).tools(source.tools()).build();
        return agent.callTool(tool, arguments);
    }

    @Test
    void imagesStructuredContentAndServerErrorsBecomeToolResults() throws Exception {
        Map<String, String> config = new java.util.HashMap<>(everything("everything"));
        config.put("servers.filesystem.command", McpReferenceServers.node());
        config.put("servers.filesystem.args", McpReferenceServers.script("server-filesystem") + "," + files);
        try (McpToolSource source = new McpToolSource(config, "test")) {
            ToolResult image = call(source, "everything_get-tiny-image", "{}");
            assertThat(image.isError()).as(image.content()).isFalse();
            assertThat(image.content()).containsPattern("\\[image image/png, \\d+ bytes]");

            ToolResult weather = call(source, "everything_get-structured-content", "{\"location\":\"Chicago\"}");
            assertThat(weather).isInstanceOfSatisfying(ToolResult.Success.class, success ->
                    assertThat(success.data()).containsKeys("temperature", "conditions", "humidity"));

            ToolResult missing = call(source, "filesystem_read_text_file",
                    "{\"path\":\"" + files.resolve("missing.txt") + "\"}");
            assertThat(missing).isInstanceOfSatisfying(ToolResult.Failure.class, failure -> {
                assertThat(failure.code()).isEqualTo(McpTool.SERVER_ERROR);
                assertThat(failure.message()).contains("missing.txt");
            });
        }
    }

    @Test
    void aServerSeesTheVariablesItWasGivenAndNoneOfTheHostsOthers() {
        assertThat(System.getenv("AGENTLOOP_TEST_HOST_SECRET")).as("set for this test by the build")
                .isEqualTo("host-only-value");
        Map<String, String> config = new java.util.HashMap<>(everything("everything"));
        config.put("servers.everything.env.GREETING", "hello-from-config");
        try (McpToolSource source = new McpToolSource(config, "test")) {
            String env = call(source, "everything_get-env", "{}").content();

            assertThat(env).contains("\"GREETING\": \"hello-from-config\"").doesNotContain("AGENTLOOP_TEST_HOST_SECRET")
                    .doesNotContain("host-only-value");
        }
    }

    @Test
    void twoToolsThatWouldShareANameAreReportedAndOnlyTheFirstIsOffered() throws Exception {
        Path sdk = McpReferenceServers.folder().resolve("node_modules/@modelcontextprotocol/sdk/dist/esm/server");
        Path twins = Files.writeString(files.resolve("twins.mjs"), """
                import { McpServer } from "%s";
                import { StdioServerTransport } from "%s";
                const server = new McpServer({ name: "twins", version: "1.0.0" });
                server.registerTool("do.it", { description: "The first.", annotations: { readOnlyHint: true } },
                    async () => ({ content: [{ type: "text", text: "first" }] }));
                server.registerTool("do_it", { description: "The second.", annotations: { readOnlyHint: true } },
                    async () => ({ content: [{ type: "text", text: "second" }] }));
                await server.connect(new StdioServerTransport());
                """.formatted(sdk.resolve("mcp.js").toUri(), sdk.resolve("stdio.js").toUri()));
        try (McpToolSource source = new McpToolSource(Map.of("servers.twins.command", McpReferenceServers.node(),
                "servers.twins.args", twins.toString()), "test")) {
            assertThat(source.tools()).extracting(t -> t.spec().name()).containsExactly("twins_do_it");
            assertThat(call(source, "twins_do_it", "{}").content()).isEqualTo("first");
            assertThat(source.connections()).singleElement().satisfies(connection -> {
                assertThat(connection.state()).isEqualTo("ready");
                assertThat(connection.problem()).hasValueSatisfying(problem -> assertThat(problem)
                        .contains("do_it").contains("'twins_do_it', a name another tool of these servers has"));
            });
        }
    }

    @Test
    void aDisabledServerIsNotStartedAndAnAllowListKeepsOnlyItsTools() {
        Map<String, String> config = new java.util.HashMap<>(everything("everything"));
        config.putAll(everything("spare"));
        config.put("servers.spare.enabled", "false");
        config.put("servers.everything.tools.allow", "echo,get-sum");
        try (McpToolSource source = new McpToolSource(config, "test")) {
            assertThat(source.tools()).extracting(Tool::spec).extracting(spec -> spec.name())
                    .containsExactlyInAnyOrder("everything_echo", "everything_get-sum");
            assertThat(source.connections()).extracting(ToolSource.Connection::name, ToolSource.Connection::state)
                    .containsExactlyInAnyOrder(org.assertj.core.groups.Tuple.tuple("everything", "ready"),
                            org.assertj.core.groups.Tuple.tuple("spare", "disabled"));
        }
    }
}
