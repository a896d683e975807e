package io.agentloop.plugins.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.event.AgentListener;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSource;
import io.agentloop.core.Agent;
import io.agentloop.core.RunHandle;
import io.agentloop.testkit.McpReferenceServers;
import io.agentloop.testkit.ScriptedChatModel;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Servers that cannot start, exit at once, die in the middle of a call or never answer: each is a
 * clear problem or tool error within its timeout, the other servers and the run go on, and no
 * server process is left behind.
 */
class ServerFaultsTest {
    private McpToolSource source;

    @AfterEach
    void noServerOutlivesTheSource() {
        if (source != null) {
            source.close();
        }
        assertThat(nodeChildren()).as("server processes left running").isEmpty();
    }

    private static List<ProcessHandle> nodeChildren() {
        return ProcessHandle.current().descendants().filter(p -> p.isAlive()
                && p.info().command().map(c -> c.endsWith("node")).orElse(false)).toList();
    }

    private static Map<String, String> everything() {
        Map<String, String> settings = new HashMap<>();
        settings.put("servers.everything.command", McpReferenceServers.node());
        settings.put("servers.everything.args", McpReferenceServers.script("server-everything").toString());
        return settings;
    }

    private ToolSource.Connection connection(String name) {
        return source.connections().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void aCommandThatDoesNotExistIsAProblemAndTheOtherServersGoOn() {
        Map<String, String> settings = everything();
        settings.put("servers.ghost.command", "/nonexistent/agentloop-no-such-mcp-server");
        source = new McpToolSource(settings, "test");

        assertThat(source.tools()).extracting(t -> t.spec().name()).contains("everything_echo")
                .noneMatch(name -> name.startsWith("ghost_"));
        ToolSource.Connection ghost = connection("ghost");
        assertThat(ghost.state()).isEqualTo("failed");
        assertThat(ghost.problem()).get().asString().isEqualTo("could not be started: there is no program "
                + "/nonexistent/agentloop-no-such-mcp-server; check mcp.servers.ghost.command");
    }

    @Test
    void aServerThatExitsAtOnceSaysSoWithItsExitCodeAndStderr() {
        source = new McpToolSource(Map.of("servers.quits.command", McpReferenceServers.node(),
                "servers.quits.args", "-e,console.error('no config file'); process.exit(3)",
                "servers.quits.timeout", "20s"), "test");

        assertThat(source.tools()).isEmpty();
        assertThat(connection("quits").problem()).get().asString().contains("exited with code 3")
                .contains("no config file");
    }

    @Test
    void aServerThatNeverAnswersFailsWithinItsTimeout() {
        source = new McpToolSource(Map.of("servers.mute.command", McpReferenceServers.node(),
                "servers.mute.args", "-e,process.stdin.resume()", "servers.mute.timeout", "1s"), "test");

        assertThat(source.tools()).isEmpty();
        assertThat(connection("mute").problem()).get().asString()
                .isEqualTo("did not start and list its tools within 1000 ms");
    }

    @Test
    void aServerKilledMidCallIsAToolErrorAndTheNextCallStartsItAgain() throws Exception {
        source = new McpToolSource(everything(), "test");
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(ToolCall.of("c1", "everything_trigger-long-running-operation", "{\"duration\":30,\"steps\":30}"))
                .answer("It broke.")
                .toolCalls(ToolCall.of("c2", "everything_echo", "{\"message\":\"back again\"}"))
                .answer("Done.").build();
        Agent agent = Agent.builder().model(model).tools(source.tools()).listeners(onCallStart).build();
        List<ProcessHandle> before = nodeChildren();
        assertThat(before).hasSize(1);

        RunHandle handle = agent.start(List.of(), "Run the long operation.");
        callStarted.await();
        before.getFirst().destroyForcibly();
        RunResult broken = handle.result().get();

        ToolResult failure = broken.toolCalls().getFirst().result();
        assertThat(failure).isInstanceOfSatisfying(ToolResult.Failure.class, f -> {
            assertThat(f.code()).isEqualTo(McpTool.UNAVAILABLE);
            assertThat(f.message()).contains("MCP server 'everything'").contains("exited with code");
        });
        RunResult again = agent.run("Echo.");
        assertThat(again.toolCalls().getFirst().result().content()).isEqualTo("Echo: back again");
        assertThat(nodeChildren()).hasSize(1).doesNotContain(before.getFirst());
    }

    @Test
    void cancellingTheRunStopsTheCallAtOnce() throws Exception {
        source = new McpToolSource(everything(), "test");
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(ToolCall.of("c1", "everything_trigger-long-running-operation", "{\"duration\":30,\"steps\":30}"))
                .answer("never").build();
        RunHandle handle = Agent.builder().model(model).tools(source.tools()).listeners(onCallStart).build()
                .start(List.of(), "Go.");
        callStarted.await();

        handle.cancel();
        RunResult result = handle.result().get();

        assertThat(result.toolCalls()).singleElement().satisfies(call -> assertThat(call.result().isError()).isTrue());
        assertThat(result.duration()).as("not the 30 s the operation takes").isLessThan(java.time.Duration.ofSeconds(20));
        assertThat(connection("everything").state()).as("a cancelled call leaves the server up").isEqualTo("ready");
    }

    private final CountDownLatch callStarted = new CountDownLatch(1);
    private final AgentListener onCallStart = event -> {
        if (event instanceof AgentEvent.ToolCallStarted) {
            callStarted.countDown();
        }
    };
}
