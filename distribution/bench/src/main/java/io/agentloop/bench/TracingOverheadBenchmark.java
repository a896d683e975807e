package io.agentloop.bench;

import io.agentloop.api.hook.Hook;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.Usage;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.run.RunResult;
import io.agentloop.core.Agent;
import io.agentloop.plugins.otel.OtelTracing;
import io.agentloop.testkit.ScriptedChatModel;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.exporter.internal.otlp.traces.TraceRequestMarshaler;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.metrics.InstrumentType;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.data.AggregationTemporality;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.metrics.export.MetricExporter;
import io.opentelemetry.sdk.metrics.export.PeriodicMetricReader;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the {@code otel} plugin's spans and metrics cost a run: one run on one thread whose model (in
 * process, answering at once) asks for one no-op tool call and then answers, so 2 model calls and 1
 * tool call, 4 spans ({@code invoke_agent}, 2 {@code chat}, 1 {@code execute_tool}). {@code tracing}:
 * {@code off} without the plugin's extensions, {@code noop} with them on OpenTelemetry's no-op (the
 * plugin installed but not configured), {@code on} with the SDK recording every span (the exporter
 * drops them: export runs on the SDK's own thread and is not the run's cost) and aggregating the
 * metrics. The setup prints the OTLP (protobuf) size of the spans of 100 such runs per span: the bytes
 * an exporter sends. Run with {@code ./dev bench TracingOverhead} ({@code -prof gc} gives the bytes
 * allocated per run).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class TracingOverheadBenchmark {
    @Param({"off", "noop", "on"})
    public String tracing;

    private Agent agent;
    private OpenTelemetrySdk sdk;
    private Path dataFolder;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        dataFolder = Files.createTempDirectory("agentloop-tracing-bench");
        Agent.Builder builder = Agent.builder().model(model()).tools(new LoopOverheadBenchmark.NoOpTool());
        switch (tracing) {
            case "off" -> {
            }
            case "noop" -> wire(builder, OpenTelemetry.noop());
            case "on" -> {
                sdk = sdk(SpanExporterDropping.INSTANCE);
                wire(builder, sdk);
                printBytesPerSpan();
            }
            default -> throw new IllegalArgumentException("tracing is off, noop or on, not " + tracing);
        }
        agent = builder.build();
        RunResult check = agent.run("go");
        if (!check.success() || check.toolCalls().size() != 1 || check.toolCalls().getFirst().result().isError()) {
            throw new IllegalStateException("the benchmark scenario does not run as intended: " + check);
        }
    }

    private void wire(Agent.Builder builder, OpenTelemetry openTelemetry) {
        OtelTracing tracing = OtelTracing.of(openTelemetry, "openai", false, dataFolder);
        builder.hooks(tracing.hooks().toArray(Hook[]::new)).listeners(tracing.listener());
    }

    private static OpenTelemetrySdk sdk(SpanExporter exporter) {
        return OpenTelemetrySdk.builder()
                .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(exporter))
                        .build())
                .setMeterProvider(SdkMeterProvider.builder().registerMetricReader(PeriodicMetricReader
                        .builder(MetricExporterDropping.INSTANCE).setInterval(Duration.ofHours(1)).build()).build())
                .build();
    }

    /** The spans of 100 runs in one OTLP request, over their count. */
    private void printBytesPerSpan() {
        Collecting collected = new Collecting();
        try (OpenTelemetrySdk counting = sdk(collected)) {
            Agent.Builder builder = Agent.builder().model(model()).tools(new LoopOverheadBenchmark.NoOpTool());
            wire(builder, counting);
            Agent measured = builder.build();
            for (int i = 0; i < 100; i++) {
                measured.run("go");
            }
        }
        int bytes = TraceRequestMarshaler.create(collected.spans).getBinarySerializedSize();
        System.out.printf("%nOTLP bytes per span: %.1f (%d spans, %d bytes in one request)%n",
                (double) bytes / collected.spans.size(), collected.spans.size(), bytes);
    }

    /** A model that calls the no-op tool once, then answers. */
    private static ScriptedChatModel model() {
        return ScriptedChatModel.dynamic((ChatRequest request) -> {
            boolean called = request.messages().stream().anyMatch((Message m) -> m instanceof ToolMessage);
            return called ? ScriptedChatModel.Step.answer(Usage.of(100, 20), "done")
                    : ScriptedChatModel.Step.toolCalls(Usage.of(100, 20), List.of(ToolCall.of("c1", "noop", "{\"i\":1}")));
        });
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        if (sdk != null) {
            sdk.close();
        }
        try (var files = Files.walk(dataFolder)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(path -> {
                try {
                    Files.delete(path);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }

    @Benchmark
    public RunResult runWithOneToolCall() {
        return agent.run("go");
    }

    private enum SpanExporterDropping implements SpanExporter {
        INSTANCE;

        @Override
        public CompletableResultCode export(Collection<SpanData> spans) {
            return CompletableResultCode.ofSuccess();
        }

        @Override
        public CompletableResultCode flush() {
            return CompletableResultCode.ofSuccess();
        }

        @Override
        public CompletableResultCode shutdown() {
            return CompletableResultCode.ofSuccess();
        }
    }

    private static final class Collecting implements SpanExporter {
        final List<SpanData> spans = new ArrayList<>();

        @Override
        public synchronized CompletableResultCode export(Collection<SpanData> batch) {
            spans.addAll(batch);
            return CompletableResultCode.ofSuccess();
        }

        @Override
        public CompletableResultCode flush() {
            return CompletableResultCode.ofSuccess();
        }

        @Override
        public CompletableResultCode shutdown() {
            return CompletableResultCode.ofSuccess();
        }
    }

    private enum MetricExporterDropping implements MetricExporter {
        INSTANCE;

        @Override
        public AggregationTemporality getAggregationTemporality(InstrumentType instrumentType) {
            return AggregationTemporality.CUMULATIVE;
        }

        @Override
        public CompletableResultCode export(Collection<MetricData> metrics) {
            return CompletableResultCode.ofSuccess();
        }

        @Override
        public CompletableResultCode flush() {
            return CompletableResultCode.ofSuccess();
        }

        @Override
        public CompletableResultCode shutdown() {
            return CompletableResultCode.ofSuccess();
        }
    }
}
