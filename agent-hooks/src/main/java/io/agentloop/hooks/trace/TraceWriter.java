package io.agentloop.hooks.trace;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.event.AgentListener;
import io.agentloop.api.event.RunEvent;
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
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
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
    /** Whether writing failed: tracing stopped. */
    private boolean failed;
    /** The run that started last, for events that come without their run's id. */
    private String current = "";
    private final Map<String, RunTrace> runs = new HashMap<>();

    /** What a run's lines need to know: who runs it, under whom, and its counters so far. */
    private static final class RunTrace {
        final String agent;
        final Optional<String> parentRunId;
        long callStarted;
        int toolCalls;
        int failedToolCalls;
        int retries;
        int compactions;

        RunTrace(String agent, Optional<String> parentRunId) {
            this.agent = agent;
            this.parentRunId = parentRunId;
        }
    }

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

    /** An event with its run's id: concurrent runs of one agent each get their own lines and counters. */
    @Override
    public synchronized void onRunEvent(RunEvent event) {
        trace(event.runId(), event.event());
    }

    /** An event without its run's id: it belongs to the run that started last (a sub-agent's say theirs). */
    @Override
    public synchronized void onEvent(AgentEvent event) {
        trace(current, event);
    }

    private void trace(String outerRunId, AgentEvent event) {
        String runId = outerRunId;
        AgentEvent inner = event;
        while (inner instanceof AgentEvent.SubAgent sub) {
            runId = sub.runId();
            inner = sub.event();
        }
        if (inner instanceof AgentEvent.RunStarted e) {
            runId = e.runId();
            if (inner == event) {
                current = runId;
            }
            runs.put(runId, new RunTrace(e.agent(), e.parentRunId()));
        }
        RunTrace run = runs.get(runId);
        if (run == null) {
            return; // a run that started before this trace did
        }
        if (inner instanceof AgentEvent.UsageUpdated e && e.source() != AgentEvent.UsageUpdated.Source.MODEL_CALL) {
            return; // a sub-agent's tokens: its own model_call lines already show them, its parent's total counts them
        }
        ObjectNode line = JSON.createObjectNode().put("at", clock.instant().toString());
        switch (inner) {
            case AgentEvent.RunStarted e -> line.put("type", "run_started");
            case AgentEvent.StateChanged e -> {
                line.put("type", "transition").put("machine", e.from() instanceof AgentState ? "agent" : "call")
                        .put("from", e.from().toString()).put("to", e.to().toString())
                        .put("in_state_ms", millis(e.elapsed()));
                if (e.to() == CallState.CALLING && e.from() == CallState.IDLE) {
                    run.callStarted = System.nanoTime();
                }
            }
            case AgentEvent.UsageUpdated e -> line.put("type", "model_call")
                    .put("duration_ms", millis(Duration.ofNanos(System.nanoTime() - run.callStarted)))
                    .put("input_tokens", e.call().inputTokens()).put("output_tokens", e.call().outputTokens())
                    .put("cached_tokens", e.call().cachedInputTokens())
                    .put("reasoning_tokens", e.call().reasoningTokens());
            case AgentEvent.ToolCallCompleted e -> {
                run.toolCalls++;
                run.failedToolCalls += e.ok() ? 0 : 1;
                line.put("type", "tool_call").put("id", e.id()).put("tool", e.name()).put("ok", e.ok())
                        .put("duration_ms", millis(e.duration()));
                if (e.result() instanceof io.agentloop.api.tool.ToolResult.Failure failure) {
                    line.put("error", failure.code());
                }
            }
            case AgentEvent.Retrying e -> line.put("type", "retry").put("retries", ++run.retries)
                    .put("attempt", e.attempt()).put("delay_ms", millis(e.delay())).put("cause", e.cause());
            case AgentEvent.Compacted e -> line.put("type", "compacted").put("compactions", ++run.compactions)
                    .put("before", e.before()).put("after", e.after()).put("strategy", e.strategy());
            case AgentEvent.RunCompleted e -> {
                runs.remove(runId);
                line.put("type", "run_completed").put("state", e.result().state().name())
                        .put("iterations", e.result().iterations()).put("duration_ms", millis(e.result().duration()))
                        .put("input_tokens", e.result().usage().inputTokens())
                        .put("output_tokens", e.result().usage().outputTokens())
                        .put("tool_calls", run.toolCalls).put("failed_tool_calls", run.failedToolCalls)
                        .put("retries", run.retries).put("compactions", run.compactions);
                e.result().reason().ifPresent(reason -> line.put("reason", reason.name()));
                e.result().error().ifPresent(error -> line.put("error", error.getMessage()));
            }
            default -> {
                return; // deltas and the rest are too fine-grained for a trace
            }
        }
        line.put("run_id", runId).put("agent", run.agent);
        run.parentRunId.ifPresent(parent -> line.put("parent_run_id", parent));
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
