package io.agentloop.plugins.otel;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.Usage;
import io.agentloop.api.metrics.MetricsExposition;
import io.agentloop.api.plugin.PluginContext;
import io.agentloop.core.Agent;
import io.agentloop.core.workspace.SandboxWorkspace;
import io.agentloop.testkit.FakeTool;
import io.agentloop.testkit.ScriptedChatModel;
import io.agentloop.testkit.TestPluginContext;
import io.opentelemetry.api.trace.TracerProvider;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code plugins.otel.prometheus}: the run's metrics for {@code agentloop serve}'s {@code /metrics}, no collector needed. */
class PrometheusExpositionTest {
    @TempDir
    Path root;

    @AfterEach
    void stopTelemetry() {
        Telemetry.shutdownAll();
    }

    @Test
    void withPrometheusOnAndNoEndpointTheRunsTokensAndOutcomeAreInTheText() throws IOException {
        PluginContext plugin = TestPluginContext.of("otel", root).withSetting("prometheus", "true");
        MetricsExposition exposition = new PrometheusExposition(plugin);
        ScriptedChatModel model = ScriptedChatModel.script().usage(Usage.of(10, 3))
                .toolCalls(ToolCall.of("call_1", "echo", "{\"text\":\"hi\"}"))
                .answer("The tool said hi.").build();

        Agent.builder().name("helper").model(model).workspace(SandboxWorkspace.of(root))
                .tools(FakeTool.named("echo").readOnly().stringParameter("text", true).returning("hi"))
                .hooks(new ChatSpanInterceptor(plugin), new ToolSpanInterceptor(plugin))
                .listeners(new RunSpanListener(plugin)).build().run("Use echo");

        assertThat(exposition.enabled()).isTrue();
        assertThat(exposition.contentType()).isEqualTo("text/plain; version=0.0.4; charset=utf-8");
        String text = text(exposition);
        // two model calls of 10 tokens in and 3 out
        assertThat(text).contains("# TYPE gen_ai_client_token_usage histogram\n")
                .containsPattern("(?m)^gen_ai_client_token_usage_count\\{[^}]*gen_ai_token_type=\"input\"[^}]*} 2$")
                .containsPattern("(?m)^gen_ai_client_token_usage_sum\\{[^}]*gen_ai_token_type=\"input\"[^}]*} 20(\\.0)?$")
                .containsPattern("(?m)^gen_ai_client_token_usage_sum\\{[^}]*gen_ai_token_type=\"output\"[^}]*} 6(\\.0)?$")
                .containsPattern("(?m)^gen_ai_client_token_usage_bucket\\{[^}]*gen_ai_token_type=\"input\"[^}]*"
                        + "le=\"16(\\.0)?\"} 2$")
                .containsPattern("(?m)^gen_ai_client_token_usage_bucket\\{[^}]*gen_ai_token_type=\"input\"[^}]*"
                        + "le=\"4(\\.0)?\"} 0$")
                .containsPattern("(?m)^gen_ai_client_token_usage_bucket\\{[^}]*gen_ai_token_type=\"input\"[^}]*"
                        + "le=\"\\+Inf\"} 2$")
                .contains("# TYPE gen_ai_client_operation_duration_seconds histogram\n")
                .contains("# TYPE agentloop_runs_total counter\n")
                .containsPattern("(?m)^agentloop_runs_total\\{agentloop_run_outcome=\"answered\",gen_ai_agent_name=\"helper\"} 1(\\.0)?$")
                .containsPattern("(?m)^agentloop_tool_calls_total\\{[^}]*gen_ai_tool_name=\"echo\"[^}]*} 1(\\.0)?$")
                .endsWith("\n");
    }

    @Test
    void withOnlyPrometheusOnNoSpanIsMadeForNothingToExportThem() {
        PluginContext plugin = TestPluginContext.of("otel", root).withSetting("prometheus", "true");

        assertThat(Telemetry.of(plugin).openTelemetry().getTracerProvider()).isSameAs(TracerProvider.noop());
    }

    @Test
    void withPrometheusOffTheExpositionIsNotEnabled() {
        PluginContext plugin = TestPluginContext.of("otel", root);

        assertThat(new PrometheusExposition(plugin).enabled()).isFalse();
    }

    private static String text(MetricsExposition exposition) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        exposition.writeTo(out);
        return out.toString(StandardCharsets.UTF_8);
    }
}
