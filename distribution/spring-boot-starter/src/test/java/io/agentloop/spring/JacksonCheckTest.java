package io.agentloop.spring;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.BeanCreationException;
import org.springframework.boot.diagnostics.FailureAnalysis;

class JacksonCheckTest {
    private static final JacksonCheck.Built BUILT = new JacksonCheck.Built("3.2.4", "2.22", "2.22.3");

    @Test
    void theJacksonOfTheStartersOwnBuildIsOneItWasBuiltFor() {
        JacksonCheck.Built built = JacksonCheck.Built.read();

        assertThat(JacksonCheck.runningAnnotations()).as("the annotations Jackson %s's BOM manages", built.databind())
                .contains(built.annotations());
        assertThat(JacksonCheck.refusal(tools.jackson.databind.cfg.PackageVersion.VERSION.toString(),
                JacksonCheck.runningAnnotations(), built)).isEmpty();
    }

    @Test
    void bootsJackson2AnnotationsAreRefusedOnOneLineNamingJackson2BomVersion() {
        Optional<StartupRefusal> refusal = JacksonCheck.refusal("3.2.4", Optional.of("2.21"), BUILT);

        assertThat(refusal).hasValueSatisfying(line -> {
            assertThat(line.getMessage()).doesNotContain("\n").contains("annotations 2.21")
                    .contains("set <jackson-2-bom.version>2.22.3</jackson-2-bom.version> in the pom's <properties>")
                    .doesNotContain("<jackson-bom.version>");
            assertThat(line.action()).contains("<jackson-2-bom.version>2.22.3</jackson-2-bom.version>");
        });
    }

    @Test
    void bootsJackson3IsRefusedNamingJacksonBomVersionAndBothWhenBothAreOlder() {
        assertThat(JacksonCheck.refusal("3.1.4", Optional.of("2.22"), BUILT).orElseThrow().getMessage())
                .doesNotContain("\n").contains("Jackson 3.1.4").contains("it needs 3.2 or newer")
                .contains("set <jackson-bom.version>3.2.4</jackson-bom.version> in").doesNotContain("jackson-2-bom");
        assertThat(JacksonCheck.refusal("3.1.4", Optional.of("2.21"), BUILT).orElseThrow().getMessage())
                .doesNotContain("\n").contains("set <jackson-bom.version>3.2.4</jackson-bom.version> and "
                        + "<jackson-2-bom.version>2.22.3</jackson-2-bom.version> in");
    }

    @Test
    void newerJacksonAndAnnotationsWithoutAVersionPass() {
        assertThat(JacksonCheck.refusal("3.3.0", Optional.of("2.23"), BUILT)).isEmpty();
        assertThat(JacksonCheck.refusal("3.2.0-rc1", Optional.empty(), BUILT)).isEmpty();
    }

    @Test
    void bootShowsTheRefusalAsItsLineAndWhatToSetWithoutTheExceptionsAroundIt() {
        StartupRefusal refusal = JacksonCheck.refusal("3.2.4", Optional.of("2.21"), BUILT).orElseThrow();

        FailureAnalysis analysis = new StartupRefusalAnalyzer()
                .analyze(new BeanCreationException("agentloopAutoConfiguration", "failed", refusal));

        assertThat(analysis.getDescription()).isEqualTo(refusal.getMessage());
        assertThat(analysis.getAction()).isEqualTo(refusal.action());
    }
}
