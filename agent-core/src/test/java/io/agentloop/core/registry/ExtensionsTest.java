package io.agentloop.core.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentloop.api.memory.CompactionStrategy;
import io.agentloop.api.tool.Tool;
import io.agentloop.testkit.FakeTool;
import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class ExtensionsTest {

    @Test
    void builtInsAreDiscoveredWithServiceLoader() {
        Extensions extensions = Extensions.discoverBuiltIns();

        assertThat(extensions.compactionStrategies().entries())
                .extracting(Registered::name).containsExactlyInAnyOrder("truncate", "sliding-window", "summary",
                        "key-information");
        assertThat(extensions.sessionStores().entries()).extracting(Registered::name).containsExactly("file");
        assertThat(extensions.compactionStrategies().entries())
                .allSatisfy(r -> assertThat(r.origin()).isEqualTo(Origin.BUILT_IN));
    }

    @Test
    void servicesFileAndModuleProvidesAgree() throws IOException {
        ModuleDescriptor descriptor = Extensions.class.getModule().getDescriptor();
        String spi = CompactionStrategy.class.getName();
        Set<String> provided = new TreeSet<>();
        if (descriptor != null) {
            descriptor.provides().stream().filter(p -> p.service().equals(spi))
                    .forEach(p -> provided.addAll(p.providers()));
        }
        Set<String> listed = new TreeSet<>();
        try (InputStream in = Extensions.class.getClassLoader().getResourceAsStream("META-INF/services/" + spi)) {
            assertThat(in).as("META-INF/services/" + spi).isNotNull();
            new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().map(String::strip)
                    .filter(l -> !l.isEmpty() && !l.startsWith("#")).forEach(listed::add);
        }
        assertThat(descriptor).as("tests run on the module path").isNotNull();
        assertThat(listed).isEqualTo(provided);
    }

    @Test
    void aFrozenRegistryRefusesRegistrations() {
        Extensions extensions = Extensions.empty().freeze();
        assertThatThrownBy(() -> extensions.add(FakeTool.named("x").returning("x"), Origin.CODE))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("frozen");
    }

    @Test
    void theFirstRegistrationKeepsANameAndTheConflictIsReported() {
        Extensions extensions = Extensions.empty();
        Tool builtIn = FakeTool.named("read").returning("built-in");
        Tool fromPlugin = FakeTool.named("read").returning("plugin");

        extensions.add(builtIn, Origin.BUILT_IN);
        extensions.add(fromPlugin, Origin.plugin("acme-tools", "1.2.0"));

        assertThat(extensions.tools().get("read")).containsSame(builtIn);
        assertThat(extensions.conflicts()).singleElement().hasToString(
                "tool 'read' from plugin acme-tools@1.2.0 is ignored: built-in already provides it");
    }

    @Test
    void somethingThatImplementsNoSpiIsRefused() {
        assertThatThrownBy(() -> Extensions.empty().add("a string", Origin.CODE))
                .hasMessageContaining("implements no Agentloop SPI");
        assertThat(List.of()).isEmpty();
    }
}
