package io.agentloop.plugins.otel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentloop.testkit.TestPluginContext;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One telemetry per plugin: every extension created with the plugin's context gets the same SDK. */
class TelemetryTest {
    @TempDir
    Path folder;

    @AfterEach
    void stopThem() {
        Telemetry.shutdownAll();
    }

    @Test
    void theExtensionsOfAPluginShareOneTelemetryMadeOnceEvenWhenAskedAtOnce() throws Exception {
        // a port nothing listens on is enough: nothing is exported before shutdown
        TestPluginContext plugin = TestPluginContext.of("otel", folder).withSetting("endpoint", "http://127.0.0.1:9");
        ExecutorService threads = Executors.newFixedThreadPool(8);
        try {
            List<Callable<Telemetry>> asks = IntStream.range(0, 32).<Callable<Telemetry>>mapToObj(i ->
                    () -> Telemetry.of(plugin)).toList();
            Set<Telemetry> made = new java.util.HashSet<>();
            for (Future<Telemetry> telemetry : threads.invokeAll(asks, 5, TimeUnit.MINUTES)) {
                made.add(telemetry.get());
            }

            assertThat(made).hasSize(1);
            assertThat(Telemetry.of(plugin)).isSameAs(made.iterator().next());
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void anotherPluginContextHasItsOwn() {
        TestPluginContext one = TestPluginContext.of("otel", folder);
        TestPluginContext other = TestPluginContext.of("otel", folder);

        assertThat(Telemetry.of(one)).isSameAs(Telemetry.of(one)).isNotSameAs(Telemetry.of(other));
    }

    @Test
    void aBadValueIsTheFirstExtensionsProblemOnlyAndTheOthersFindTheTelemetryOff() {
        TestPluginContext plugin = TestPluginContext.of("otel", folder).withSetting("endpoint", "http://127.0.0.1:9")
                .withSetting("sample-ratio", "1.5");

        assertThatThrownBy(() -> Telemetry.of(plugin)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("plugins.otel.sample-ratio").hasMessageContaining("found '1.5'")
                .hasMessageEndingWith("the otel plugin is off until it is fixed");
        Telemetry later = Telemetry.of(plugin);
        assertThat(later.openTelemetry()).isSameAs(io.opentelemetry.api.OpenTelemetry.noop());
        assertThat(Telemetry.of(plugin)).isSameAs(later);
    }
}
