package io.agentloop.tools.batch;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.permission.Access;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;
import io.agentloop.core.Agent;
import io.agentloop.core.permission.PermissionPolicy;
import io.agentloop.core.registry.Extensions;
import io.agentloop.core.workspace.SandboxWorkspace;
import io.agentloop.testkit.ScriptedChatModel;
import io.agentloop.tools.file.ReadTool;
import io.agentloop.tools.file.WriteTool;
import io.agentloop.tools.plan.TodoTool;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The built-in tools inside the agent loop: scheduling by read-only flag, batch, todo, registration. */
class BuiltInToolsInTheLoopTest {
    @TempDir
    Path root;

    /** Wraps a real tool and records how its calls overlap. */
    static final class Probe implements Tool {
        final Tool real;
        final CyclicBarrier meet;
        final AtomicInteger running = new AtomicInteger();
        final AtomicInteger mostAtOnce = new AtomicInteger();

        Probe(Tool real, CyclicBarrier meet) {
            this.real = real;
            this.meet = meet;
        }

        @Override
        public ToolSpec spec() {
            return real.spec();
        }

        @Override
        public boolean readOnly() {
            return real.readOnly();
        }

        @Override
        public List<Access> accesses(ToolArguments arguments) {
            return real.accesses(arguments);
        }

        @Override
        public ToolResult execute(ToolArguments arguments, ToolContext context) throws Exception {
            mostAtOnce.accumulateAndGet(running.incrementAndGet(), Math::max);
            try {
                if (meet != null) {
                    // Both reads must be inside execute at the same time, or this times out.
                    meet.await(10, TimeUnit.SECONDS);
                }
                return real.execute(arguments, context);
            } finally {
                running.decrementAndGet();
            }
        }
    }

    private static List<ToolResultBlock> results(RunResult result) {
        List<ToolResultBlock> blocks = new ArrayList<>();
        result.messages().forEach(m -> {
            if (m instanceof ToolMessage t) {
                blocks.addAll(t.results());
            }
        });
        return blocks;
    }

    @Test
    void readsOverlapWritesNeverDoAndResultsKeepCallOrder() throws Exception {
        Files.writeString(root.resolve("a.txt"), "A\n");
        Files.writeString(root.resolve("b.txt"), "B\n");
        Probe read = new Probe(new ReadTool(), new CyclicBarrier(2));
        Probe write = new Probe(new WriteTool(), null);
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(ToolCall.of("1", "read", "{\"path\":\"a.txt\"}"), ToolCall.of("2", "read", "{\"path\":\"b.txt\"}"),
                        ToolCall.of("3", "write", "{\"path\":\"c.txt\",\"content\":\"C\"}"),
                        ToolCall.of("4", "write", "{\"path\":\"d.txt\",\"content\":\"D\"}"))
                .answer("done").build();

        RunResult result = Agent.builder().model(model).tools(read, write).workspace(SandboxWorkspace.of(root))
                .permissions(PermissionPolicy.of(List.of("write"), List.of(), List.of())).build().run("Go");

        assertThat(read.mostAtOnce).hasValue(2);
        assertThat(write.mostAtOnce).hasValue(1);
        assertThat(results(result)).extracting(ToolResultBlock::toolCallId).containsExactly("1", "2", "3", "4");
        assertThat(results(result)).extracting(ToolResultBlock::content).containsExactly("     1\tA\n", "     1\tB\n",
                "Created c.txt (1 lines, 1 bytes)", "Created d.txt (1 lines, 1 bytes)");
    }

    @Test
    void aBatchRunsEachCallThroughThePermissionGate() throws Exception {
        Files.writeString(root.resolve("a.txt"), "A\n");
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(ToolCall.of("1", "batch", "{\"calls\":[{\"tool\":\"read\",\"arguments\":{\"path\":\"a.txt\"}},"
                        + "{\"tool\":\"write\",\"arguments\":{\"path\":\"x.txt\",\"content\":\"x\"}},"
                        + "{\"tool\":\"read\",\"arguments\":{\"path\":\"../outside\"}},"
                        + "{\"tool\":\"nope\",\"arguments\":{}}]}"))
                .answer("done").build();

        RunResult result = Agent.builder().model(model).tools(new BatchTool(), new ReadTool(), new WriteTool())
                .workspace(SandboxWorkspace.of(root)).permissions(PermissionPolicy.defaults()).build().run("Go");

        String content = results(result).get(0).content();
        assertThat(content).startsWith("[1] read\n     1\tA\n\n")
                .contains("[2] write (failed)\nError (denied): denied: this call needs approval and no one can approve it here")
                .contains("[3] read (failed)\nError (denied): denied by policy: '../outside' resolves to")
                .contains("[4] nope (failed)\nError (unknown_tool)")
                .endsWith("1 of 4 calls succeeded");
        assertThat(root.resolve("x.txt")).doesNotExist();
    }

    @Test
    void todoShowsTheChecklistAndRefusesTwoItemsInProgress() throws Exception {
        ToolResult list = new TodoTool().execute(ToolArguments.of(java.util.Map.of("todos", List.of(
                java.util.Map.of("content", "read the code", "status", "completed"),
                java.util.Map.of("content", "fix the bug", "status", "in_progress"),
                java.util.Map.of("content", "run the tests", "status", "pending")))), null);

        assertThat(list.content()).isEqualTo("[x] read the code\n[>] fix the bug\n[ ] run the tests\n(1 of 3 done)");
        assertThat(((ToolResult.Success) list).data().get("todos")).asList().hasSize(3);
        assertThat(new TodoTool().execute(ToolArguments.of(java.util.Map.of("todos", List.of(
                java.util.Map.of("content", "a", "status", "in_progress"),
                java.util.Map.of("content", "b", "status", "in_progress")))), null).content())
                .startsWith("Error (invalid_arguments): 2 items are in_progress");
    }

    @Test
    void theBuiltInsAreRegisteredAndDeclareWhetherTheyOnlyRead() {
        List<Tool> builtIns = Extensions.discoverBuiltIns().tools().all();

        assertThat(builtIns).extracting(t -> t.spec().name() + ":" + t.readOnly()).containsExactlyInAnyOrder(
                "read:true", "write:false", "edit:false", "list:true", "glob:true", "grep:true", "bash:false",
                "python:false", "system_info:true",
                "batch:true", "todo:true");
        assertThat(builtIns).filteredOn(t -> t.spec().name().equals("batch")).singleElement()
                .satisfies(t -> assertThat(t.concurrencySafe()).isFalse());
    }
}
