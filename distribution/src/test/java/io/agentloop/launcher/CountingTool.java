package io.agentloop.launcher;

import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;

/**
 * A plugin tool for the resume tests that says what it did: each call appends "CALL_ID started" to
 * the file named by its {@code counter} argument when its work starts and "CALL_ID finished" when it
 * ends, so a test counts how often each call ran across processes. With a {@code release} argument
 * the work waits until that file exists: a test kills the launcher while the call is under way.
 * Not read-only, so it is not safe to repeat and its calls run one after another in the order asked.
 */
public class CountingTool implements Tool {
    private final ToolSpec spec;
    private final boolean readOnly;

    public CountingTool() {
        this("counting", false);
    }

    protected CountingTool(String name, boolean readOnly) {
        this.spec = ToolSpec.builder(name).description("Counts its calls in a file.")
                .stringParameter("counter", "the file each call appends to when it starts and when it finishes", true)
                .stringParameter("release", "a file to wait for before finishing", false).build();
        this.readOnly = readOnly;
    }

    @Override
    public ToolSpec spec() {
        return spec;
    }

    @Override
    public boolean readOnly() {
        return readOnly;
    }

    /** Never in parallel, read-only or not: "the second of three calls" is one moment. */
    @Override
    public boolean concurrencySafe() {
        return false;
    }

    @Override
    public ToolResult execute(ToolArguments arguments, ToolContext context) throws IOException, InterruptedException {
        String counter = arguments.requireString("counter");
        count(counter, context.callId() + " started");
        if (arguments.string("release").isPresent()) {
            Path release = Path.of(arguments.requireString("release"));
            while (!Files.exists(release)) {
                if (context.cancellation().await(Duration.ofMillis(20))) {
                    return ToolResult.failure(ToolResult.Failure.CANCELLED, "stopped before " + release + " appeared");
                }
            }
        }
        count(counter, context.callId() + " finished");
        return ToolResult.success("counted " + context.callId());
    }

    /** Appends one line to the counter file, creating it. */
    static void count(String counter, String line) throws IOException {
        Files.writeString(Path.of(counter), line + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
    }
}
