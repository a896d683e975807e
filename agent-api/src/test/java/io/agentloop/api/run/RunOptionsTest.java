package io.agentloop.api.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class RunOptionsTest {

    @Test
    void defaultsAreTheDocumentedOnes() {
        RunOptions d = RunOptions.DEFAULTS;
        assertThat(d.maxIterations()).isEqualTo(10);
        assertThat(d.iterationTimeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(d.runTimeout()).isEmpty();
        assertThat(d.parallelToolCalls()).isTrue();
        assertThat(d.continueOnError()).isTrue();
        assertThat(d.maxRetries()).isEqualTo(3);
        assertThat(d.retryInitialDelay()).isEqualTo(Duration.ofSeconds(1));
        assertThat(d.retryMaxDelay()).isEqualTo(Duration.ofSeconds(10));
        assertThat(d.stuckThreshold()).isEqualTo(2);
        assertThat(d.finalSummary()).isTrue();
    }

    @Test
    void badValuesAreRefusedWithTheirName() {
        assertThatThrownBy(() -> RunOptions.DEFAULTS.withMaxIterations(0)).hasMessageContaining("maxIterations");
        assertThatThrownBy(() -> RunOptions.DEFAULTS.withToolTimeout(Duration.ZERO)).hasMessageContaining("toolTimeout");
        assertThatThrownBy(() -> RunOptions.DEFAULTS.withMaxRetries(-1)).hasMessageContaining("maxRetries");
    }

    @Test
    void withersChangeOnlyTheirField() {
        RunOptions changed = RunOptions.DEFAULTS.withMaxIterations(3);
        assertThat(changed.maxIterations()).isEqualTo(3);
        assertThat(changed.withMaxIterations(10)).isEqualTo(RunOptions.DEFAULTS);
    }

    @Test
    void theBuilderSetsSeveralAndChecksThemWhenBuilt() {
        RunOptions built = RunOptions.builder().maxIterations(20).toolTimeout(java.time.Duration.ofMinutes(2))
                .runTimeout(java.time.Duration.ofHours(1)).parallelToolCalls(false).build();

        assertThat(built).isEqualTo(RunOptions.DEFAULTS.withMaxIterations(20)
                .withToolTimeout(java.time.Duration.ofMinutes(2)).withRunTimeout(java.time.Duration.ofHours(1))
                .withParallelToolCalls(false));
        assertThat(built.toBuilder().noRunTimeout().maxIterations(10).toolTimeout(java.time.Duration.ofSeconds(20))
                .parallelToolCalls(true).build()).isEqualTo(RunOptions.DEFAULTS);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> RunOptions.builder().maxIterations(0).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxIterations");
    }
}
