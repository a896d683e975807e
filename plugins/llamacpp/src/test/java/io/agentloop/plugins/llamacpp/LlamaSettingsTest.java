package io.agentloop.plugins.llamacpp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentloop.api.AgentException;
import io.agentloop.api.model.ModelConfig;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LlamaSettingsTest {

    @Test
    void theModelFileIsTheModelPathSettingOrAModelNameEndingInGguf() {
        String file = TinyModel.file().toString();
        assertThat(LlamaSettings.from(new ModelConfig("tiny", Map.of("model-path", file))).modelFile())
                .isEqualTo(Path.of(file));
        LlamaSettings byName = LlamaSettings.from(new ModelConfig(file, Map.of()));
        assertThat(byName.modelFile()).isEqualTo(Path.of(file));
        assertThat(byName.contextSize()).isEqualTo(4096);
        assertThat(byName.maxTokens()).isEqualTo(1024);
        assertThat(byName.temperature()).isEqualTo(0.7);
        assertThat(byName.seed()).isEmpty();
        assertThat(byName.nativeLog()).isFalse();
    }

    @Test
    void threadsDefaultToOneOnSmallMachines() {
        assertThat(LlamaSettings.defaultThreads(1)).isEqualTo(1);
        assertThat(LlamaSettings.defaultThreads(2)).isEqualTo(1);
        assertThat(LlamaSettings.defaultThreads(8)).isEqualTo(4);
        assertThat(LlamaSettings.defaultThreads(64)).isEqualTo(8);
    }

    @Test
    void aMissingFileOrABadNumberIsNamedWithWhatToSet() {
        assertThatThrownBy(() -> LlamaSettings.from(ModelConfig.of("llama3")))
                .isInstanceOf(AgentException.class).hasMessageContaining("providers.llamacpp.model-path");
        assertThatThrownBy(() -> LlamaSettings.from(ModelConfig.of("/no/such/model.gguf")))
                .isInstanceOf(AgentException.class).hasMessageContaining("no model file at /no/such/model.gguf");
        String file = TinyModel.file().toString();
        assertThatThrownBy(() -> LlamaSettings.from(new ModelConfig(file, Map.of("threads", "0"))))
                .hasMessageContaining("threads must be a whole number of at least 1, not '0'");
        assertThatThrownBy(() -> LlamaSettings.from(new ModelConfig(file, Map.of("temperature", "hot"))))
                .hasMessageContaining("temperature must be a number from 0 to 2, not 'hot'");
    }

    @Test
    void aFileThatIsNotAModelIsRefusedWithAHint(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path notAModel = java.nio.file.Files.writeString(dir.resolve("notes.gguf"), "not a model");

        assertThatThrownBy(() -> new LlamaCppProvider().create(ModelConfig.of(notAModel.toString())))
                .isInstanceOf(AgentException.class).hasMessageContaining("cannot load the model " + notAModel)
                .hasMessageContaining("not a GGUF file");
    }
}
