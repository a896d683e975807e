package io.agentloop.spring;

import io.agentloop.core.Agent;

/**
 * Changes the starter's {@link Agent.Builder} after it is configured from {@code agentloop.*} and
 * before the {@code Agent} bean is built: for what the keys do not cover (sub-agents, a memory, a
 * journal). Every bean of this type is applied, in {@code @Order}.
 *
 * <pre>{@code
 * @Bean
 * AgentBuilderCustomizer named() {
 *     return builder -> builder.name("orders").description("Answers questions about orders.");
 * }
 * }</pre>
 */
@FunctionalInterface
public interface AgentBuilderCustomizer {
    void customize(Agent.Builder builder);
}
