package io.agentloop.plugins.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.message.ToolCall;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.ToolCallRecord;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSource;
import io.agentloop.core.Agent;
import io.agentloop.core.permission.PermissionPolicy;
import io.agentloop.testkit.McpReferenceServers;
import io.agentloop.testkit.ScriptedChatModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The reference servers over stdio, through the plugin, in the agent loop with a scripted model. */
class StdioServersTest {
    @TempDir
    Path files;

    private McpToolSource source;

    @BeforeEach
    void start() throws Exception {
        Files.writeString(files.resolve("notes.txt"), "The staging database listens on port 5433.\n");
        source = new McpToolSource(Map.of(
                "servers.everything.command", McpReferenceServers.node(),
                "servers.everything.args", McpReferenceServers.script("server-everything").toString(),
                "servers.filesystem.command", McpReferenceServers.node(),
                "servers.filesystem.args", McpReferenceServers.script("server-filesystem") + "," + files,
                "servers.filesystem.tools.deny", "read_media_file"), "test");
    }

    @AfterEach
    void stop() {
        source.close();
    }

    private RunResult run(PermissionPolicy permissions, ToolCall... calls) {
        ScriptedChatModel model = ScriptedChatModel.script().toolCalls(calls).answer("Done.").build();
        return Agent.builder().model(model).tools(source.tools()).permissions(permissions).build().run("Go.");
    }

    @Test
    void theServersToolsAreNamedForTheirServerAndCarryTheirHints() {
        List<Tool> tools = source.tools();

        assertThat(tools).extracting(t -> t.spec().name()).contains("everything_echo", "filesystem_read_text_file",
                "filesystem_write_file").doesNotContain("filesystem_read_media_file");
        assertThat(tool("everything_echo").readOnly()).isTrue();
        assertThat(tool("filesystem_read_text_file").readOnly()).isTrue();
        assertThat(tool("filesystem_write_file").readOnly()).as("destructive").isFalse();
        assertThat(tool("everything_echo").spec().parameters()).containsEntry("type", "object");
        assertThat(source.connections()).extracting(ToolSource.Connection::name, ToolSource.Connection::state)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("everything", "ready"),
                        org.assertj.core.groups.Tuple.tuple("filesystem", "ready"));
    }

    @Test
    void theLoopCallsEchoAndReadsAFileThroughTheServers() {
        RunResult result = run(PermissionPolicy.defaults(),
                ToolCall.of("c1", "everything_echo", "{\"message\":\"hello over stdio\"}"),
                ToolCall.of("c2", "filesystem_read_text_file", "{\"path\":\"" + files.resolve("notes.txt") + "\"}"));

        assertThat(result.toolCalls()).extracting(r -> r.result().content()).containsExactly(
                "Echo: hello over stdio", "The staging database listens on port 5433.\n");
        assertThat(result.text()).isEqualTo("Done.");
    }

    @Test
    void writingAFileAsksSoItWaitsForApprovalWithNoOneToAskAndIsAllowedByARule() throws Exception {
        Path target = files.resolve("written.txt");
        ToolCall write = ToolCall.of("c1", "filesystem_write_file", "{\"path\":\"" + target
                + "\",\"content\":\"written through MCP\"}");

        RunResult paused = run(PermissionPolicy.defaults(), write);
        assertThat(paused.awaitingApproval()).isTrue();
        assertThat(paused.pending()).singleElement().satisfies(p -> assertThat(p.call().id()).isEqualTo("c1"));
        assertThat(paused.toolCalls()).isEmpty();
        assertThat(target).doesNotExist();

        ToolCallRecord allowed = run(PermissionPolicy.of(List.of("filesystem_write_file"), List.of(), List.of()), write)
                .toolCalls().getFirst();
        assertThat(allowed.result().isError()).as(allowed.result().content()).isFalse();
        assertThat(Files.readString(target)).isEqualTo("written through MCP");
    }

    @Test
    void anInvalidArgumentIsRefusedBeforeTheServerSeesIt() {
        ToolCallRecord call = run(PermissionPolicy.defaults(), ToolCall.of("c1", "everything_echo", "{\"msg\":1}"))
                .toolCalls().getFirst();

        assertThat(call.result()).isInstanceOfSatisfying(ToolResult.Failure.class,
                f -> assertThat(f.code()).isEqualTo(ToolResult.Failure.INVALID_ARGUMENTS));
    }

    private Tool tool(String name) {
        return source.tools().stream().filter(t -> t.spec().name().equals(name)).findFirst().orElseThrow();
    }
}
