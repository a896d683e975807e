package io.agentloop.spring;

import io.agentloop.api.event.AgentListener;
import io.agentloop.api.hook.Hook;
import io.agentloop.api.model.ChatModel;
import io.agentloop.api.permission.Approver;
import io.agentloop.api.tool.Tool;
import io.agentloop.core.Agent;
import io.agentloop.core.workspace.SandboxWorkspace;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * The {@link Agent} bean of an application, made from {@code agentloop.*}
 * ({@link AgentloopProperties}) as the launcher makes its agent from {@code agentloop.yaml}. Its
 * tools: the application's beans with {@code @ToolMethod} methods and its {@link Tool} beans, then
 * the plugins' tools (and built-in ones whose module is on the class path), less
 * {@code agentloop.tools.disabled}. Its listeners, hooks and approver: the application's beans of
 * those types. Each bean here gives way to one of the application's own of its type.
 *
 * <p>With Actuator, a health indicator ({@code agentloop}); with a Micrometer registry, the runs'
 * meters ({@link AgentloopMetrics}). It refuses to start, with one line, on a Jackson older than it
 * was built for and on an {@code agentloop.*} key it does not read.
 */
@AutoConfiguration(afterName = {
        "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
        "org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration"})
@EnableConfigurationProperties(AgentloopProperties.class)
public class AgentloopAutoConfiguration {

    /**
     * Refuses to start on a Jackson the starter was not built for ({@link JacksonCheck}), or with an
     * {@code agentloop.*} key it does not read ({@link StarterKeys}): before any bean is made, because
     * with an older Jackson the application would start and then fail every JSON request, and a
     * misspelled key would do nothing.
     */
    public AgentloopAutoConfiguration(Environment environment) {
        JacksonCheck.require();
        StarterKeys.load().require(environment);
    }

    @Bean
    @ConditionalOnMissingBean
    AgentloopPlatform agentloopPlatform(AgentloopProperties properties, Environment environment) {
        return AgentloopPlatform.start(properties.plugins(), PluginSettings.from(environment));
    }

    @Bean
    @ConditionalOnMissingBean
    ChatModel agentloopChatModel(AgentloopProperties properties, AgentloopPlatform platform) {
        return platform.model(properties);
    }

    @Bean
    @ConditionalOnMissingBean
    RunTally agentloopRunTally() {
        return new RunTally();
    }

    @Bean
    @ConditionalOnMissingBean
    Agent agentloopAgent(AgentloopProperties properties, AgentloopPlatform platform, ChatModel model,
                         ListableBeanFactory beans, ObjectProvider<Tool> toolBeans,
                         ObjectProvider<AgentListener> listeners, ObjectProvider<Hook> hooks,
                         ObjectProvider<Approver> approver, ObjectProvider<AgentBuilderCustomizer> customizers) {
        Set<String> disabled = new HashSet<>(properties.tools().disabled());
        List<Tool> tools = new ArrayList<>(ToolBeans.in(beans));
        toolBeans.orderedStream().forEach(tools::add);
        tools.addAll(platform.extensions().tools().all());
        tools.removeIf(tool -> disabled.contains(tool.spec().name()));
        Agent.Builder builder = Agent.builder().model(model).tools(tools).extensions(platform.extensions())
                .options(properties.run().options()).chatOptions(properties.run().chatOptions())
                .listeners(listeners.orderedStream().toArray(AgentListener[]::new))
                .hooks(hooks.orderedStream().toArray(Hook[]::new));
        properties.run().systemPrompt().ifPresent(builder::systemPrompt);
        builder.permissions(properties.permissions().policy());
        if (properties.workspace().root() != null) {
            builder.workspace(SandboxWorkspace.builder(properties.workspace().root().toAbsolutePath()).build());
        }
        approver.ifAvailable(builder::approver);
        customizers.orderedStream().forEach(customizer -> customizer.customize(builder));
        return builder.build();
    }

    /** The health indicator, when the application has Actuator's health. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(HealthIndicator.class)
    static class Health {
        @Bean
        @ConditionalOnMissingBean(name = "agentloopHealthIndicator")
        AgentloopHealthIndicator agentloopHealthIndicator(Agent agent, ChatModel model, AgentloopPlatform platform,
                                                          RunTally runs) {
            return new AgentloopHealthIndicator(agent, model, platform, runs);
        }
    }

    /** The runs' meters, when the application has a Micrometer registry. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(MeterRegistry.class)
    @ConditionalOnBean(MeterRegistry.class)
    static class Metrics {
        @Bean
        @ConditionalOnMissingBean
        AgentloopMetrics agentloopMetrics(MeterRegistry registry) {
            return new AgentloopMetrics(registry);
        }
    }
}
