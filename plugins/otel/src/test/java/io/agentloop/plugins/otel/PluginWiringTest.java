package io.agentloop.plugins.otel;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.event.AgentListener;
import io.agentloop.api.hook.Hook;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.plugin.PluginContext;
import io.agentloop.core.Agent;
import io.agentloop.core.workspace.SandboxWorkspace;
import io.agentloop.testkit.FakeTool;
import io.agentloop.testkit.ScriptedChatModel;
import io.agentloop.testkit.TestPluginContext;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.nio.file.Path;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How the platform finds the plugin's extensions, and what they share. */
class PluginWiringTest {
    @TempDir
    Path root;

    @Test
    void theListenerBothInterceptorsAndTheExpositionAreListedAndTakeThePluginsContext() throws Exception {
        assertThat(listed(Hook.class)).containsExactly(ChatSpanInterceptor.class.getName(),
                ToolSpanInterceptor.class.getName());
        assertThat(listed(AgentListener.class)).containsExactly(RunSpanListener.class.getName());
        assertThat(listed(io.agentloop.api.metrics.MetricsExposition.class))
                .containsExactly(PrometheusExposition.class.getName());
        for (Class<?> type : new Class<?>[] {ChatSpanInterceptor.class, ToolSpanInterceptor.class, RunSpanListener.class,
                PrometheusExposition.class}) {
            assertThat(type.getConstructor(PluginContext.class)).isNotNull();
        }
    }

    /** The classes this plugin lists for a service type (PF4J reads the same files). */
    private static java.util.List<String> listed(Class<?> service) throws java.io.IOException {
        try (var in = RunSpanListener.class.getClassLoader().getResourceAsStream("META-INF/services/" + service.getName())) {
            assertThat(in).as("the service file of " + service.getName()).isNotNull();
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).lines().map(String::strip)
                    .filter(line -> !line.isEmpty() && !line.startsWith("#")).toList();
        }
    }

    @Test
    void theExtensionsOfOnePluginShareOneTracerBecauseThePlatformCreatesEachOnItsOwn() {
        PluginContext plugin = TestPluginContext.of("otel", root);
        PluginContext other = TestPluginContext.of("otel", root.resolve("other"));

        assertThat(Tracing.of(plugin)).isSameAs(Tracing.of(plugin)).isNotSameAs(Tracing.of(other));
    }

    @Test
    void aToolOfAnMcpServerNamesItsServer() {
        try (InMemoryTelemetry telemetry = new InMemoryTelemetry()) {
            RunTracer tracer = new RunTracer(telemetry.sdk, false, UnaryOperator.identity(), "p",
                    McpServers.parse("git, github"), new PausedRuns(() -> root));
            ScriptedChatModel model = ScriptedChatModel.script()
                    .toolCalls(ToolCall.of("a", "github_issues", "{}"), ToolCall.of("b", "git_log", "{}"),
                            ToolCall.of("c", "gitlab_log", "{}"))
                    .answer("ok").build();
            Agent.builder().model(model).workspace(SandboxWorkspace.of(root))
                    .tools(FakeTool.named("github_issues").readOnly().returning("none"),
                            FakeTool.named("git_log").readOnly().returning("one commit"),
                            FakeTool.named("gitlab_log").readOnly().returning("none"))
                    .hooks(new ToolSpanInterceptor(tracer)).listeners(new RunSpanListener(tracer)).build().run("Look.");

            assertThat(telemetry.finished()).filteredOn(span -> span.getName().startsWith("execute_tool"))
                    .extracting(SpanData::getName, span -> span.getAttributes().get(GenAi.MCP_SERVER))
                    .containsExactlyInAnyOrder(org.assertj.core.groups.Tuple.tuple("execute_tool github_issues", "github"),
                            org.assertj.core.groups.Tuple.tuple("execute_tool git_log", "git"),
                            org.assertj.core.groups.Tuple.tuple("execute_tool gitlab_log", null));
        }
    }
}
