package io.agentloop.plugins.otel;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.Usage;
import io.agentloop.api.run.RunResult;
import io.agentloop.core.Agent;
import io.agentloop.testkit.FakeTool;
import io.agentloop.testkit.ScriptedChatModel;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.function.UnaryOperator;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Acceptance 3: a collector that is not there (a closed port) or never answers (a socket that takes
 * the connection and says nothing) changes nothing in a run, shutting down still returns, bounded
 * by the flush timeout, and the loss is said in one line; the SDK's own log records reach no
 * console handler.
 */
class UnreachableCollectorTest {
    private final List<String> reports = new CopyOnWriteArrayList<>();
    private final List<LogRecord> console = new CopyOnWriteArrayList<>();
    private final Handler rootHandler = new Handler() {
        @Override
        public void publish(LogRecord record) {
            console.add(record);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @BeforeEach
    void watchTheConsoleLog() {
        Logger.getLogger("").addHandler(rootHandler);
    }

    @AfterEach
    void stopWatching() {
        Logger.getLogger("").removeHandler(rootHandler);
    }

    @TempDir
    Path pausedRuns;

    @Test
    void aClosedPortChangesNothingInTheRunAndTheLossIsSaidOnce() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        // a long bound: a refused connection fails at once, so shutting down need not wait for it
        Telemetry telemetry = telemetry(port, "2m");

        assertSameRunWithAndWithout(telemetry);
        shutDownAndReturn(telemetry);

        assertThat(reports).singleElement().asString()
                .startsWith("otel: ")
                .containsPattern("^otel: \\d+ spans could not be exported to http://127\\.0\\.0\\.1:" + port
                        + "/v1/traces: ")
                .contains("refused");
        assertNoSdkRecordReachedTheConsole();
    }

    @Test
    void aCollectorThatNeverAnswersChangesNothingAndShuttingDownStopsAtTheFlushTimeout() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            // connections complete in the backlog and their requests are never read nor answered
            Telemetry telemetry = telemetry(silent.getLocalPort(), "300ms");

            assertSameRunWithAndWithout(telemetry);
            shutDownAndReturn(telemetry);

            assertThat(reports).singleElement().asString()
                    .containsPattern("^otel: \\d+ spans could not be exported to http://127\\.0\\.0\\.1:"
                            + silent.getLocalPort() + "/v1/traces: ")
                    .contains("did not answer within the flush timeout (300ms");
            assertNoSdkRecordReachedTheConsole();
        }
    }

    private Telemetry telemetry(int port, String flushTimeout) {
        // exports wait for an answer longer than the test runs: only the flush timeout ends the wait
        return Telemetry.configured(Map.of("endpoint", "http://127.0.0.1:" + port, "flush-timeout", flushTimeout,
                "export-timeout", "10m", "metric-interval", "10m"), name -> null, reports::add);
    }

    /** The run with spans made for it through the telemetry gives what the same run gives without. */
    private void assertSameRunWithAndWithout(Telemetry telemetry) {
        RunResult without = run(Optional.empty());
        RunResult with = run(Optional.of(new RunTracer(telemetry.openTelemetry(), false, UnaryOperator.identity(),
                "scripted-provider", McpServers.NONE, new PausedRuns(() -> pausedRuns))));

        assertThat(with.success()).isTrue();
        assertThat(with.text()).isEqualTo(without.text()).isEqualTo("The tool said hi.");
        assertThat(with.state()).isEqualTo(without.state());
        assertThat(with.reason()).isEqualTo(without.reason());
        assertThat(with.iterations()).isEqualTo(without.iterations());
        assertThat(with.usage()).isEqualTo(without.usage());
        assertThat(with.messages()).isEqualTo(without.messages());
    }

    /** The run, with the plugin's own extensions on {@code tracer} when there is one. */
    private static RunResult run(Optional<RunTracer> tracer) {
        FakeTool echo = FakeTool.named("echo").readOnly().stringParameter("text", true)
                .returning(args -> "echo: " + args.requireString("text"));
        ScriptedChatModel model = ScriptedChatModel.script().usage(Usage.of(10, 3))
                .toolCalls(ToolCall.of("call_1", "echo", "{\"text\":\"hi\"}"))
                .answer("The tool said hi.")
                .build();
        Agent.Builder builder = Agent.builder().model(model).tools(echo);
        tracer.ifPresent(t -> builder.hooks(new ChatSpanInterceptor(t), new ToolSpanInterceptor(t))
                .listeners(new RunSpanListener(t)));
        return builder.build().run("Use echo");
    }

    /** Shuts down on another thread and waits (minutes at most) for it to return. */
    private void shutDownAndReturn(Telemetry telemetry) throws Exception {
        CompletableFuture<Void> shutdown = CompletableFuture.runAsync(telemetry::shutdown);
        shutdown.get(5, TimeUnit.MINUTES);
        telemetry.shutdown();
        Telemetry.shutdownAll();
    }

    private void assertNoSdkRecordReachedTheConsole() {
        assertThat(console).filteredOn(r -> r.getLoggerName() != null && r.getLoggerName().startsWith("io.opentelemetry"))
                .extracting(LogRecord::getMessage).isEmpty();
    }
}
