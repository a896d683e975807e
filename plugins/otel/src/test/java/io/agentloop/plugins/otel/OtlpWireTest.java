package io.agentloop.plugins.otel;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpServer;
import io.agentloop.testkit.TestPluginContext;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Scope;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Acceptance 2: spans leave the process as OTLP/HTTP protobuf, as a collector receives them. */
class OtlpWireTest {
    /** What the receiver was sent: the request's headers and decoded body. */
    record Received(Headers headers, ExportTraceServiceRequest request) {
    }

    @TempDir
    Path folder;

    private final BlockingQueue<Received> received = new LinkedBlockingQueue<>();
    private HttpServer collector;

    @BeforeEach
    void startCollector() throws IOException {
        collector = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        collector.createContext("/v1/traces", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            received.add(new Received(exchange.getRequestHeaders(), ExportTraceServiceRequest.parseFrom(body)));
            exchange.getResponseHeaders().add("Content-Type", "application/x-protobuf");
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        collector.start();
    }

    @AfterEach
    void stopCollector() {
        collector.stop(0);
    }

    private String endpoint() {
        return "http://127.0.0.1:" + collector.getAddress().getPort();
    }

    @Test
    void spansReachTheCollectorAsOtlpProtobufWithTheConfiguredHeaders() throws Exception {
        Telemetry telemetry = Telemetry.of(TestPluginContext.of("otel", folder).withSetting("endpoint", endpoint())
                .withSetting("headers", "x-api-key=key-4411,x-team=ops").withSetting("service-name", "wire-test"));
        Tracer tracer = telemetry.openTelemetry().getTracer("io.agentloop.test");

        Span run = tracer.spanBuilder("invoke_agent demo").setAttribute("gen_ai.agent.name", "demo").startSpan();
        try (Scope ignored = run.makeCurrent()) {
            tracer.spanBuilder("chat gpt-test").setSpanKind(SpanKind.CLIENT)
                    .setAttribute("gen_ai.request.model", "gpt-test").startSpan().end();
        } finally {
            run.end();
        }
        telemetry.shutdown();

        Received first = received.poll(5, TimeUnit.MINUTES);
        assertThat(first).as("an export request reached the collector").isNotNull();
        assertThat(first.headers().get("x-api-key")).containsExactly("key-4411");
        assertThat(first.headers().get("x-team")).containsExactly("ops");
        assertThat(first.headers().getFirst("Content-Type")).isEqualTo("application/x-protobuf");
        List<ResourceSpans> batches = new java.util.ArrayList<>(first.request().getResourceSpansList());
        received.forEach(more -> batches.addAll(more.request().getResourceSpansList()));
        List<io.opentelemetry.proto.trace.v1.Span> spans = batches.stream()
                .flatMap(r -> r.getScopeSpansList().stream()).flatMap(s -> s.getSpansList().stream()).toList();
        assertThat(spans).extracting(io.opentelemetry.proto.trace.v1.Span::getName)
                .containsExactlyInAnyOrder("invoke_agent demo", "chat gpt-test");
        io.opentelemetry.proto.trace.v1.Span chat = spans.stream().filter(s -> s.getName().equals("chat gpt-test"))
                .findFirst().orElseThrow();
        io.opentelemetry.proto.trace.v1.Span agent = spans.stream()
                .filter(s -> s.getName().equals("invoke_agent demo")).findFirst().orElseThrow();
        assertThat(chat.getKind()).isEqualTo(io.opentelemetry.proto.trace.v1.Span.SpanKind.SPAN_KIND_CLIENT);
        assertThat(chat.getParentSpanId()).isEqualTo(agent.getSpanId());
        assertThat(attribute(chat.getAttributesList(), "gen_ai.request.model")).isEqualTo("gpt-test");
        assertThat(attribute(agent.getAttributesList(), "gen_ai.agent.name")).isEqualTo("demo");
        assertThat(attribute(batches.getFirst().getResource().getAttributesList(), "service.name"))
                .isEqualTo("wire-test");
    }

    private static String attribute(List<KeyValue> attributes, String key) {
        return attributes.stream().filter(a -> a.getKey().equals(key)).findFirst()
                .map(a -> a.getValue().getStringValue()).orElse(null);
    }
}
