package io.agentloop.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AgentloopPlatformTest {
    /** Only the provider and the model set; the provider's base URL a loopback one (no call is made). */
    private static AgentloopProperties configured(String provider, String model) {
        return new AgentloopProperties(provider, model, Map.of("openai", Map.of("base-url", "http://127.0.0.1:9/v1")), new AgentloopProperties.Run(null, null, null, null,
                null, null, null, null, null, null, null, null, null, null, null, null, null, null, null),
                new AgentloopProperties.Permissions(null, null, null, null), new AgentloopProperties.Tools(null),
                new AgentloopProperties.Plugins(null, null), new AgentloopProperties.Workspace(null));
    }

    @Test
    void aMisspelledProviderIsRefusedNamingTheKeyAndTheProviders() {
        try (AgentloopPlatform platform = AgentloopPlatform.start(new AgentloopProperties.Plugins(List.of(), List.of()),
                Map.of())) {
            assertThatThrownBy(() -> platform.model(configured("opneai", "gpt-test")))
                    .hasMessageContaining("agentloop.provider names 'opneai'").hasMessageContaining("openai");
            assertThatThrownBy(() -> platform.model(configured(null, null)))
                    .hasMessageContaining("set agentloop.provider and agentloop.model");
            assertThat(platform.model(configured("openai", "gpt-test")).name()).isEqualTo("gpt-test");
        }
    }
}
