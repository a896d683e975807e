package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** docs/configuration.md's reference is what the configuration schema generates. */
class ConfigReferenceTest {
    private static final Path PAGE = Path.of(System.getProperty("agentloop.root"), "docs", "configuration.md");

    @Test
    void theCommittedReferenceIsWhatTheSchemaGenerates() throws IOException {
        String committed = Files.readString(PAGE);

        assertThat(committed).as("docs/configuration.md differs from the configuration schema: regenerate its "
                + "reference with ./dev docs (and commit it)").isEqualTo(ConfigReference.withReference(committed));
    }

    @Test
    void theReferenceNamesEveryKeyItsTypeAndVariable() {
        String reference = ConfigReference.reference();

        assertThat(reference).contains("| `permissions.mode` | one of ask, edit, auto, yes |  | ")
                .contains("| `run.max-iterations` | a whole number of at least 1 | `AGENTLOOP_MAX_ITERATIONS` | ")
                .contains("| `providers.<id>` | a map of settings |")
                .contains("| `providers.openai.max-tokens-field` | a single value | max_tokens | ");
        ConfigSchema.KEYS.keySet().forEach(key -> assertThat(reference).contains("| `" + ConfigReference.shown(key) + "` |"));
    }

    @Test
    void aPageWithoutMarkersIsRefusedSayingWhereTheReferenceGoes() {
        assertThatThrownBy(() -> ConfigReference.withReference("# Configuration\n"))
                .hasMessageContaining(ConfigReference.START);
    }
}
