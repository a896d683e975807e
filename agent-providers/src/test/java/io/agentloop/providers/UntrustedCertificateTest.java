package io.agentloop.providers;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.model.NonRetryableModelException;
import io.agentloop.api.run.RunResult;
import io.agentloop.core.Agent;
import io.agentloop.core.time.ManualTimekeeper;
import io.agentloop.providers.openai.OpenAiChatProvider;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An https endpoint whose certificate the trust store does not hold (a self-signed one): the run
 * fails at the first attempt, saying which provider and address and what to check, since a retry
 * would fail the same way.
 */
class UntrustedCertificateTest {
    @TempDir
    Path folder;

    @Test
    void anUnverifiableCertificateFailsAtOnceNamingTheAddressAndWhatToCheck() throws Exception {
        SelfSignedTls tls = SelfSignedTls.create(folder);
        ManualTimekeeper time = new ManualTimekeeper();
        try (ProviderServer server = new ProviderServer(tls)) {
            String baseUrl = server.server.url("/v1").toString().replaceAll("/$", "");
            Agent agent = Agent.builder().model(server.model(new OpenAiChatProvider(), "gpt-4o", "/v1", Map.of()))
                    .timekeeper(time).build();

            RunResult result = agent.run("hi");

            assertThat(baseUrl).startsWith("https://");
            assertThat(result.error()).get().isInstanceOf(NonRetryableModelException.class)
                    .extracting(Throwable::getMessage).asString()
                    .startsWith("OpenAI: the server's TLS certificate could not be verified for " + baseUrl + " (")
                    .endsWith("). Check the base URL, the system's CA certificates, and any proxy that intercepts "
                            + "TLS (its CA must be in the Java trust store)");
            assertThat(tls.connections()).isEqualTo(1);
            assertThat(time.sleeps()).isEmpty();
        }
    }
}
