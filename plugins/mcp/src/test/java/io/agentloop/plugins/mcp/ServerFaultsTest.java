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
import io.agentloop.core.permission.PermissionPolicy;
import io.agentloop.testkit.McpReferenceServers;
import io.agentloop.testkit.ScriptedChatModel;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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

    @Test
    void cancellingTheRunTellsTheServerToStopTheCall(@TempDir Path logs) throws Exception {
        Path script = McpReferenceServers.folder().resolve("slow-server.mjs");
        try (InputStream in = getClass().getResourceAsStream("/slow-server.mjs")) {
            Files.copy(in, script, StandardCopyOption.REPLACE_EXISTING);
        }
        Path log = logs.resolve("cancelled.txt");
        source = new McpToolSource(Map.of("servers.slow.command", McpReferenceServers.node(),
                "servers.slow.args", script.toString(), "servers.slow.env.CANCEL_LOG", log.toString()), "test");
        ScriptedChatModel model = ScriptedChatModel.script().toolCalls(ToolCall.of("c1", "slow_wait", "{}"))
                .answer("never").build();
        try (WatchService watch = logs.getFileSystem().newWatchService()) {
            logs.register(watch, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_MODIFY);
            RunHandle handle = Agent.builder().model(model).tools(source.tools())
                    .permissions(PermissionPolicy.of(List.of("slow_wait"), List.of(), List.of())).build()
                    .start(List.of(), "Wait.");
            awaitLine(watch, log, "started", "the server got the call");

            handle.cancel();

            assertThat(handle.result().get().toolCalls()).singleElement()
                    .satisfies(call -> assertThat(call.result().isError()).isTrue());
            awaitLine(watch, log, "cancelled ", "the server heard of the cancellation");
        }
        assertThat(Files.readAllLines(log)).containsExactly("started", Files.readAllLines(log).get(1))
                .last().asString().matches("cancelled \\S+: .*cancelled.*");
    }

    /** The misbehaving server of odd-server.mjs, copied into {@code folder}, as server 'odd' with {@code env}. */
    private static Map<String, String> odd(Path folder, Map<String, String> env) throws Exception {
        Path script = folder.resolve("odd-server.mjs");
        try (InputStream in = ServerFaultsTest.class.getResourceAsStream("/odd-server.mjs")) {
            Files.copy(in, script, StandardCopyOption.REPLACE_EXISTING);
        }
        Map<String, String> settings = new HashMap<>();
        settings.put("servers.odd.command", McpReferenceServers.node());
        settings.put("servers.odd.args", script.toString());
        settings.put("servers.odd.timeout", "20s");
        env.forEach((key, value) -> settings.put("servers.odd.env." + key, value));
        return settings;
    }

    @Test
    void aServerThatPrintsOtherThingsOnStdoutIsStillServed(@TempDir Path folder) throws Exception {
        source = new McpToolSource(odd(folder, Map.of("BANNER", "1")), "test");

        assertThat(source.tools()).extracting(t -> t.spec().name()).containsExactly("odd_big");
        assertThat(connection("odd").problem()).isEmpty();
        ToolResult result = source.tools().getFirst().execute(io.agentloop.api.tool.ToolArguments.of(Map.of()),
                new io.agentloop.testkit.TestToolContext());
        assertThat(result.content()).isEqualTo("xxxxx");
    }

    @Test
    void aResultTooLargeToTakeIsSaidSoNotAsTheServersExit(@TempDir Path folder) throws Exception {
        source = new McpToolSource(odd(folder, Map.of("RESULT_SIZE", Integer.toString(50 * 1024 * 1024))), "test");

        ToolResult result = source.tools().getFirst().execute(io.agentloop.api.tool.ToolArguments.of(Map.of()),
                new io.agentloop.testkit.TestToolContext());

        assertThat(result).isInstanceOfSatisfying(ToolResult.Failure.class, failure -> {
            assertThat(failure.code()).isEqualTo(McpTool.UNAVAILABLE);
            assertThat(failure.message()).startsWith("MCP server 'odd': sent a message of more than 16 MB on stdout")
                    .doesNotContain("exited with code");
        });
    }

    @Test
    void aDetachedChildOfAServerEndsWithIt(@TempDir Path folder) throws Exception {
        Path pidFile = folder.resolve("child.pid");
        Map<String, String> settings = odd(folder, Map.of("CHILD_PID", pidFile.toString()));
        settings.put("servers.odd.timeout", "1s");
        source = new McpToolSource(settings, "test");

        assertThat(source.tools()).isEmpty();
        source.close();

        assertThat(Files.readString(pidFile)).as("the child started").isNotBlank();
        // Found by its command line: the pid it wrote may be one of the server's own PID namespace.
        List<ProcessHandle> children = ProcessHandle.allProcesses().filter(p -> p.info().commandLine()
                .map(line -> line.contains(pidFile.toString())).orElse(false)).toList();
        for (ProcessHandle child : children) {
            try {
                child.onExit().get(2, TimeUnit.MINUTES);
            } catch (java.util.concurrent.TimeoutException e) {
                child.destroyForcibly();
                throw new AssertionError("the server's detached child outlived it", e);
            }
        }
    }

    /** Returns once {@code file} has a line starting with {@code start}, woken by changes in its folder. */
    private static void awaitLine(WatchService watch, Path file, String start, String what) throws Exception {
        while (!Files.exists(file) || Files.readAllLines(file).stream().noneMatch(line -> line.startsWith(start))) {
            WatchKey key = watch.poll(20, TimeUnit.SECONDS);
            assertThat(key).as(what).isNotNull();
            key.pollEvents();
            key.reset();
        }
    }

    private final CountDownLatch callStarted = new CountDownLatch(1);
    private final AgentListener onCallStart = event -> {
        if (event instanceof AgentEvent.ToolCallStarted) {
            callStarted.countDown();
        }
    };
}
