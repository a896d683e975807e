package io.agentloop.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;

class StarterKeysTest {
    private final StarterKeys keys = StarterKeys.load();

    /** An application with nothing of its own: the starter's auto-configuration alone. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class EmptyApplication {
    }

    @Test
    void aMisspelledKeyStopsTheApplicationNamingTheKeyItMeant() {
        SpringApplicationBuilder application = new SpringApplicationBuilder(EmptyApplication.class)
                .web(WebApplicationType.NONE).properties(Map.of("spring.config.name", "no-such-file",
                        "agentloop.run.max-iteration", "3"));

        assertThatThrownBy(application::run).rootCause().isInstanceOf(StartupRefusal.class)
                .hasMessage("agentloop.run.max-iteration is not an Agentloop key; did you mean "
                        + "agentloop.run.max-iterations?");
    }

    @Test
    void keysAreComparedWithTheLaunchersByTheirSectionOrAsAWhole() {
        assertThat(keys.problem("agentloop.provder")).contains("agentloop.provder is not an Agentloop key; did you "
                + "mean agentloop.provider?");
        assertThat(keys.problem("agentloop.tools.fetch.enabld")).hasValueSatisfying(line -> assertThat(line)
                .endsWith("did you mean agentloop.tools.fetch.enabled?"));
        assertThat(keys.problem("agentloop.nonsense.entirely")).hasValueSatisfying(line -> assertThat(line)
                .contains("is not an Agentloop key").doesNotContain("did you mean"));
    }

    @Test
    void keysTheStarterReadsPassInSpringsRelaxedForms() {
        for (String read : new String[] {"agentloop.provider", "agentloop.run.max-iterations", "agentloop.run.maxIterations",
                "agentloop.run.stop[0]", "agentloop.providers.openai.base-url", "agentloop.providers[openai].api-key",
                "agentloop.plugins.my-plugin.key", "agentloop.plugins.folders[1]", "agentloop.permissions.deny[0]",
                "agentloop.workspace.root", "agentloop.tools.disabled"}) {
            assertThat(keys.problem(read)).as(read).isEmpty();
        }
    }

    @Test
    void aLaunchersKeyTheStarterDoesNotReadIsNamedAsSuch() {
        assertThat(keys.problem("agentloop.sandbox.enabled")).contains("agentloop.sandbox.enabled is a key of the "
                + "launcher's that the starter does not read: leave it out, or do what it does in an "
                + "AgentBuilderCustomizer bean");
    }
}
