package io.agentloop.hooks.trace;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.event.AgentListener;
import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.CallState;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Duration;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A trace of runs, one JSON object per line: every state transition of both machines (with the
 * time spent in the state left), every model call (time from the request to the assembled turn,
 * and its tokens), every tool call (duration, ok, error code), and each run's start and end with
 * its counters (iterations, tokens, tool calls and failures, retries, compactions). What
 * SPEC §11 asks to watch, in a form {@code jq} and log pipelines read. Lines pass through a redactor
 * before they are written. Write failures are logged once and end tracing, never the run.
 */
public final class TraceWriter implements AgentListener, AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(TraceWriter.class);
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final Writer out;
    private final UnaryOperator<String> redact;
    private final Clock clock;
    private long callStarted;
    private String runId = "";
    private String agent = "";
    private int toolCalls;
    private int failedToolCalls;
    private int retries;
    private int compactions;
    private boolean failed;

    public TraceWriter(Writer out, UnaryOperator<String> redact, Clock clock) {
        this.out = out;
        this.redact = redact;
        this.clock = clock;
    }

    /** Appends to a file (created private to the user if new). */
    public static TraceWriter toFile(Path file, UnaryOperator<String> redact) {
        try {
            if (file.getParent() != null) {
                Files.createDirectories(file.getParent());
            }
            return new TraceWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND), redact, Clock.systemUTC());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the trace file " + file + ": " + e.getMessage(), e);
        }
    }

    @Override
    public synchronized void onEvent(AgentEvent event) {
        ObjectNode line = JSON.createObjectNode().put("at", clock.instant().toString());
        switch (event) {
            case AgentEvent.RunStarted e -> {
                runId = e.runId();
                agent = e.agent();
                toolCalls = failedToolCalls = retries = compactions = 0;
                line.put("type", "run_started");
                e.parentRunId().ifPresent(parent -> line.put("parent_run_id", parent));
            }
            case AgentEvent.StateChanged e -> {
                line.put("type", "transition").put("machine", e.from() instanceof AgentState ? "agent" : "call")
                        .put("from", e.from().toString()).put("to", e.to().toString())
                        .put("in_state_ms", millis(e.elapsed()));
                if (e.to() == CallState.CALLING && e.from() == CallState.IDLE) {
                    callStarted = System.nanoTime();
                }
            }
            case AgentEvent.UsageUpdated e -> line.put("type", "model_call")
                    .put("duration_ms", millis(Duration.ofNanos(System.nanoTime() - callStarted)))
                    .put("input_tokens", e.call().inputTokens()).put("output_tokens", e.call().outputTokens())
                    .put("cached_tokens", e.call().cachedInputTokens())
                    .put("reasoning_tokens", e.call().reasoningTokens());
            case AgentEvent.ToolCallCompleted e -> {
                toolCalls++;
                failedToolCalls += e.ok() ? 0 : 1;
                line.put("type", "tool_call").put("id", e.id()).put("tool", e.name()).put("ok", e.ok())
                        .put("duration_ms", millis(e.duration()));
                if (e.result() instanceof io.agentloop.api.tool.ToolResult.Failure failure) {
                    line.put("error", failure.code());
                }
            }
            case AgentEvent.Retrying e -> line.put("type", "retry").put("retries", ++retries).put("attempt", e.attempt())
                    .put("delay_ms", millis(e.delay())).put("cause", e.cause());
            case AgentEvent.Compacted e -> line.put("type", "compacted").put("compactions", ++compactions).put("before", e.before()).put("after", e.after())
                    .put("strategy", e.strategy());
            case AgentEvent.RunCompleted e -> {
                line.put("type", "run_completed").put("state", e.result().state().name())
                        .put("iterations", e.result().iterations()).put("duration_ms", millis(e.result().duration()))
                        .put("input_tokens", e.result().usage().inputTokens())
                        .put("output_tokens", e.result().usage().outputTokens())
                        .put("tool_calls", toolCalls).put("failed_tool_calls", failedToolCalls)
                        .put("retries", retries).put("compactions", compactions);
                e.result().reason().ifPresent(reason -> line.put("reason", reason.name()));
                e.result().error().ifPresent(error -> line.put("error", error.getMessage()));
            }
            default -> {
                return; // deltas and the rest are too fine-grained for a trace
            }
        }
        line.put("run_id", runId).put("agent", agent);
        write(redact.apply(JSON.writeValueAsString(line)));
    }

    private void write(String text) {
        if (failed) {
            return;
        }
        try {
            out.write(text);
            out.write('\n');
            out.flush();
        } catch (IOException e) {
            failed = true;
            log.warn("tracing stopped: {}", e.getMessage());
        }
    }

    private static double millis(Duration duration) {
        return duration.toNanos() / 1e6;
    }

    @Override
    public synchronized void close() {
        try {
            out.close();
        } catch (IOException e) {
            // nothing left to trace
        }
    }
}
