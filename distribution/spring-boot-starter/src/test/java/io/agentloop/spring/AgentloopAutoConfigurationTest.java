package io.agentloop.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.api.tool.Param;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolMethod;
import io.agentloop.api.tool.ToolSpec;
import io.agentloop.core.Agent;
import io.agentloop.spring.fixtures.ClockTool;
import io.agentloop.testkit.PluginJarBuilder;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;

/**
 * One Spring application, booted in process once for the class: its {@code Agent} bean comes from
 * {@code starter-test.yaml}'s {@code agentloop.*}, against a loopback OpenAI-compatible fake model,
 * with a bean's {@code @ToolMethod} and a plugin's tool from the configured plugin folder.
 */
class AgentloopAutoConfigurationTest {
    @TempDir
    static Path folder;
    private static final MockWebServer model = new MockWebServer();
    private static ConfigurableApplicationContext context;

    /** The application: a bean with a tool method and a meter registry; the rest is the starter's. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class OrdersApplication {
        @Bean
        OrderBook orderBook() {
            return new OrderBook();
        }

        @Bean
        MeterRegistry meterRegistry() {
            return new SimpleMeterRegistry();
        }
    }

    /** An application's bean whose method the agent calls. */
    public static class OrderBook {
        // not read-only: an application's tools run unless agentloop.permissions says otherwise
        @ToolMethod(name = "order_status", description = "The status of an order.")
        public String status(@Param(name = "id", description = "the order's number") String id) {
            return "order " + id + ": shipped on Monday";
        }
    }

    @BeforeAll
    static void startApplication() throws IOException {
        model.start(0);
        Path plugins = Files.createDirectories(folder.resolve("plugins"));
        PluginJarBuilder.plugin("clock-tools").provides(Tool.class, ClockTool.class).writeTo(plugins);
        context = new SpringApplicationBuilder(OrdersApplication.class).web(WebApplicationType.NONE)
                .properties(Map.of("spring.config.name", "starter-test", "fake-model.url", model.url("/v1").toString(),
                        "plugin-folder", plugins.toString()))
                .run();
    }

    @AfterAll
    static void stopApplication() {
        if (context != null) {
            context.close();
        }
        model.close();
    }

    @Test
    void agentBeanAnswersThroughAToolMethodBean() throws InterruptedException {
        model.enqueue(FakeOpenAi.toolCall("call_1", "order_status", "{\"id\":\"42\"}"));
        model.enqueue(FakeOpenAi.answer("Order 42 shipped on Monday."));

        RunResult result = context.getBean(Agent.class).run("Where is order 42?");

        assertThat(result.reason()).as(result.error().map(Throwable::toString).orElse("")).contains(TerminalReason.ANSWERED);
        assertThat(result.text()).isEqualTo("Order 42 shipped on Monday.");
        RecordedRequest first = model.takeRequest();
        String asked = first.getBody().utf8();
        assertThat(first.getTarget()).isEqualTo("/v1/chat/completions");
        assertThat(asked).contains("You answer questions about orders.", "\"order_status\"", "\"plugin_clock\"",
                "\"temperature\":0.2");
        assertThat(model.takeRequest().getBody().utf8()).contains("order 42: shipped on Monday");

        MeterRegistry meters = context.getBean(MeterRegistry.class);
        assertThat(meters.get("agentloop.tool.calls").tag("tool", "order_status").tag("ok", "true").timer().count())
                .isEqualTo(1);
        assertThat(meters.get("agentloop.runs").tag("outcome", "answered").timer().count()).isEqualTo(1);
        assertThat(meters.get("agentloop.tokens").tag("type", "input").counter().count()).isEqualTo(120);
    }

    @Test
    void actuatorHealthNamesTheModelAndTheToolsOfBeansAndPlugins() {
        Health health = context.getBean("agentloopHealthIndicator", HealthIndicator.class).health();

        assertThat(health.getStatus()).isEqualTo(Status.UP);
        assertThat(health.getDetails()).containsEntry("model", "openai/gpt-test")
                .containsEntry("pluginProblems", List.of());
        assertThat(health.getDetails().get("tools")).isEqualTo(context.getBean(Agent.class).toolSpecs().stream()
                .map(ToolSpec::name).toList()).asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.LIST)
                .contains("order_status", "plugin_clock");
        assertThat(health.getDetails().get("plugins")).isEqualTo(Map.of("clock-tools", "1.0.0 STARTED"));
    }

    @Test
    void applicationRunsOnTheJacksonOurModulesAreBuiltWith() {
        String built = System.getProperty("starter-test.jackson.version");

        assertThat(built).as("set by the build").isNotBlank();
        assertThat(tools.jackson.databind.cfg.PackageVersion.VERSION.toString()).isEqualTo(built);
        assertThat(tools.jackson.core.json.PackageVersion.VERSION.toString()).isEqualTo(built);
    }
}
