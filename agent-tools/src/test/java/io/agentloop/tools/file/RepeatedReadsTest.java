package io.agentloop.tools.file;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.permission.Access;
import io.agentloop.api.run.RunOptions;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;
import io.agentloop.core.Agent;
import io.agentloop.core.permission.PermissionPolicy;
import io.agentloop.core.workspace.SandboxWorkspace;
import io.agentloop.testkit.ScriptedChatModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A read repeated in a run is answered from the run's cache while nothing could have changed its answer. */
class RepeatedReadsTest {
    @TempDir
    Path root;

    /** The real {@code read} tool, counting how often it runs. */
    static class CountedRead implements Tool {
        final Tool real = new ReadTool();
        final AtomicInteger runs = new AtomicInteger();

        @Override
        public ToolSpec spec() {
            return real.spec();
        }

        @Override
        public boolean readOnly() {
            return true;
        }

        @Override
        public List<Access> accesses(ToolArguments arguments) {
            return real.accesses(arguments);
        }

        @Override
        public ToolResult execute(ToolArguments arguments, ToolContext context) throws Exception {
            runs.incrementAndGet();
            return real.execute(arguments, context);
        }
    }

    private static List<String> results(RunResult result) {
        List<String> contents = new ArrayList<>();
        result.messages().forEach(m -> {
            if (m instanceof ToolMessage t) {
                t.results().stream().map(ToolResultBlock::content).forEach(contents::add);
            }
        });
        return contents;
    }

    private static ToolCall read(String id, String path) {
        return ToolCall.of(id, "read", "{\"path\":\"" + path + "\"}");
    }

    private RunResult run(CountedRead read, ScriptedChatModel model, RunOptions options) {
        return Agent.builder().model(model).tools(read, new WriteTool()).workspace(SandboxWorkspace.of(root))
                .permissions(PermissionPolicy.of(List.of("write"), List.of(), List.of())).options(options).build()
                .run("Go");
    }

    @Test
    void aSecondReadOfAnUnchangedFileIsAnsweredFromTheCacheAndAWriteMakesItRunAgain() throws Exception {
        Files.writeString(root.resolve("a.txt"), "A\n");
        Files.writeString(root.resolve("b.txt"), "B\n");
        CountedRead read = new CountedRead();
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(read("1", "a.txt")).toolCalls(read("2", "b.txt")).toolCalls(read("3", "a.txt"))
                .toolCalls(ToolCall.of("4", "write", "{\"path\":\"a.txt\",\"content\":\"AA\"}"))
                .toolCalls(read("5", "a.txt")).answer("done").build();

        RunResult result = run(read, model, RunOptions.DEFAULTS);

        assertThat(read.runs).hasValue(3);
        List<String> contents = results(result);
        assertThat(contents.get(2)).startsWith("[cached: the same as the result of call 1").endsWith("     1\tA\n");
        assertThat(contents.get(4)).isEqualTo("     1\tAA\n");
    }

    @Test
    void aFileChangedOutsideTheRunIsReadAgain() throws Exception {
        Path a = Files.writeString(root.resolve("a.txt"), "A\n");
        CountedRead read = new CountedRead() {
            @Override
            public ToolResult execute(ToolArguments arguments, ToolContext context) throws Exception {
                ToolResult result = super.execute(arguments, context);
                if (runs.get() == 1) { // someone else edits the file after the first read
                    Files.writeString(a, "Z\n");
                    Files.setLastModifiedTime(a, FileTime.fromMillis(Files.getLastModifiedTime(a).toMillis() + 5_000));
                }
                return result;
            }
        };
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(read("1", "a.txt")).toolCalls(read("2", "b.txt")).toolCalls(read("3", "a.txt"))
                .answer("done").build();

        RunResult result = run(read, model, RunOptions.DEFAULTS);

        assertThat(read.runs).hasValue(3);
        assertThat(results(result).get(2)).isEqualTo("     1\tZ\n");
    }

    @Test
    void aReadOnlyToolThatDoesNotCacheItsResultsMakesTheRunForgetThem() throws Exception {
        Files.writeString(root.resolve("a.txt"), "A\n");
        CountedRead read = new CountedRead();
        Tool delegate = new Tool() { // like a sub-agent: read-only to this run, though its own tools may write
            @Override
            public ToolSpec spec() {
                return ToolSpec.builder("delegate").description("hands a task on").build();
            }

            @Override
            public boolean readOnly() {
                return true;
            }

            @Override
            public boolean cachesResults() {
                return false;
            }

            @Override
            public ToolResult execute(ToolArguments arguments, ToolContext context) {
                return ToolResult.success("handed on");
            }
        };
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(read("1", "a.txt")).toolCalls(ToolCall.of("2", "delegate", "{}"))
                .toolCalls(read("3", "a.txt")).answer("done").build();

        RunResult result = Agent.builder().model(model).tools(read, delegate).workspace(SandboxWorkspace.of(root))
                .build().run("Go");

        assertThat(read.runs).hasValue(2);
        assertThat(results(result).get(2)).isEqualTo("     1\tA\n");
    }

    @Test
    void aToolWithCachingOffAlwaysRuns() throws Exception {
        Files.writeString(root.resolve("a.txt"), "A\n");
        Files.writeString(root.resolve("b.txt"), "B\n");
        CountedRead read = new CountedRead();
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(read("1", "a.txt")).toolCalls(read("2", "b.txt")).toolCalls(read("3", "a.txt"))
                .answer("done").build();

        RunResult result = run(read, model, RunOptions.builder().uncachedTools(Set.of("read")).build());

        assertThat(read.runs).hasValue(3);
        assertThat(results(result).get(2)).isEqualTo("     1\tA\n");
    }
}
