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
}
