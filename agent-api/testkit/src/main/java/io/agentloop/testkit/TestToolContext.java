package io.agentloop.testkit;

import io.agentloop.api.Cancellation;
import io.agentloop.api.CancellationSignal;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.Workspace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.UnaryOperator;

/**
 * A {@link ToolContext} for calling a tool directly in a unit test; records progress messages and
 * the pieces of output the tool publishes (it tells the tool that they are wanted).
 * Give it a workspace for tools that touch files ({@link #in(Path)}, on a folder of the test's
 * own), and a handler for tools that call other tools.
 *
 * <pre>{@code
 * ToolResult result = new ReadTool().execute(ToolArguments.of(Map.of("path", "notes.txt")),
 *         TestToolContext.in(tempDir));
 * }</pre>
 */
public final class TestToolContext implements ToolContext {
    private final Cancellation cancellation = new Cancellation();
    private final List<String> progress = Collections.synchronizedList(new ArrayList<>());
    private final List<String> output = Collections.synchronizedList(new ArrayList<>());
    private final Workspace workspace;
    private volatile UnaryOperator<String> mask = UnaryOperator.identity();
    private volatile BiFunction<String, Map<String, Object>, ToolResult> toolCalls = (name, arguments) ->
            ToolResult.failure(ToolResult.Failure.UNKNOWN_TOOL, "this test context calls no tools");

    /** A context without a workspace: {@link #workspace()} throws. */
    public TestToolContext() {
        this.workspace = null;
    }

    public TestToolContext(Workspace workspace) {
        this.workspace = Objects.requireNonNull(workspace, "workspace");
    }

    /** What {@link #redact} does (default: nothing), as the platform's secret mask would. */
    public TestToolContext redacting(UnaryOperator<String> mask) {
        this.mask = Objects.requireNonNull(mask, "mask");
        return this;
    }

    /** A context whose workspace is a {@link TestWorkspace} on {@code folder} (an existing folder). */
    public static TestToolContext in(Path folder) {
        return new TestToolContext(TestWorkspace.at(folder));
    }

    /** What {@link #callTool} does. */
    public TestToolContext onCallTool(BiFunction<String, Map<String, Object>, ToolResult> handler) {
        this.toolCalls = Objects.requireNonNull(handler, "handler");
        return this;
    }

    @Override
    public String callId() {
        return "test-call";
    }

    @Override
    public String runId() {
        return "test-run";
    }

    @Override
    public CancellationSignal cancellation() {
        return cancellation;
    }

    @Override
    public void progress(String message) {
        progress.add(message);
    }

    /** Records the piece, as the platform would tell it to the run's listeners. */
    @Override
    public void output(String text) {
        if (!text.isEmpty()) {
            output.add(text);
        }
    }

    /** True: the pieces are recorded. */
    @Override
    public boolean outputWanted() {
        return true;
    }

    @Override
    public Workspace workspace() {
        if (workspace == null) {
            throw new IllegalStateException("this TestToolContext has no workspace: create it with "
                    + "TestToolContext.in(folder), on a JUnit @TempDir");
        }
        return workspace;
    }

    @Override
    public String redact(String text) {
        return mask.apply(text);
    }

    @Override
    public ToolResult callTool(String toolName, Map<String, Object> arguments) {
        return toolCalls.apply(toolName, arguments);
    }

    /** Cancels, as the platform would when the run is cancelled. */
    public void cancel() {
        cancellation.cancel("cancelled by the test");
    }

    /** The pieces of output the tool published, in order. */
    public List<String> outputPieces() {
        synchronized (output) {
            return List.copyOf(output);
        }
    }

    public List<String> progressMessages() {
        synchronized (progress) {
            return List.copyOf(progress);
        }
    }
}
