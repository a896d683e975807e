package io.agentloop.providers;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.model.ModelProvider;
import io.agentloop.providers.openai.OpenAiChatProvider;
import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** Built-ins are found on the module path (provides) and on the classpath (services file) alike. */
class RegistrationTest {

    @Test
    void moduleProvidesAndServicesFileListTheSameProviders() throws IOException {
        ModuleDescriptor descriptor = OpenAiChatProvider.class.getModule().getDescriptor();
        assertThat(descriptor).as("tests run on the module path").isNotNull();
        Set<String> provided = new TreeSet<>();
        descriptor.provides().stream().filter(p -> p.service().equals(ModelProvider.class.getName()))
                .forEach(p -> provided.addAll(p.providers()));
        Set<String> listed = new TreeSet<>();
        try (InputStream in = OpenAiChatProvider.class.getClassLoader()
                .getResourceAsStream("META-INF/services/" + ModelProvider.class.getName())) {
            assertThat(in).isNotNull();
            new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().map(String::strip)
                    .filter(l -> !l.isEmpty()).forEach(listed::add);
        }
        assertThat(listed).isEqualTo(provided).hasSize(5);
    }

    @Test
    void providerIdsAreDistinct() throws Exception {
        Set<String> ids = new TreeSet<>();
        for (String name : new TreeSet<>(Set.of("io.agentloop.providers.openai.OpenAiChatProvider",
                "io.agentloop.providers.anthropic.AnthropicProvider", "io.agentloop.providers.gemini.GeminiProvider",
                "io.agentloop.providers.ollama.OllamaProvider", "io.agentloop.providers.responses.ResponsesProvider"))) {
            ids.add(((ModelProvider) Class.forName(name).getConstructor().newInstance()).id());
        }
        assertThat(ids).containsExactly("anthropic", "gemini", "ollama", "openai", "openai-responses");
    }
}
