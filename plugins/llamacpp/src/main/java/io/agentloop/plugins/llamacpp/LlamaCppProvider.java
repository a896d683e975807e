package io.agentloop.plugins.llamacpp;

import io.agentloop.api.model.ChatModel;
import io.agentloop.api.model.ModelConfig;
import io.agentloop.api.model.ModelProvider;
import io.agentloop.api.setting.Setting;
import java.util.List;

/**
 * The {@code llamacpp} model provider: a GGUF model run in this process by llama.cpp, with no
 * server and no key. Settings ({@code providers.llamacpp.*}): {@code model-path}, {@code context-size},
 * {@code threads}, {@code temperature}, {@code max-tokens}, {@code seed}, {@code native-log}; see
 * {@link LlamaSettings}. A model file is loaded once per JVM and shared by every chat model made
 * from it.
 */
public final class LlamaCppProvider implements ModelProvider {

    @Override
    public String id() {
        return "llamacpp";
    }

    @Override
    public List<Setting> settings() {
        return List.of(
                Setting.text("model-path", "the GGUF file (else the model name, as a path)"),
                Setting.wholeNumber("context-size", "tokens of context").withDefault("4096"),
                Setting.wholeNumber("threads", "CPU threads").withDefault("half the cores, at most 8"),
                Setting.number("temperature", "sampling temperature, 0 to 2").withDefault("0.7"),
                Setting.wholeNumber("max-tokens", "the most tokens one answer may have").withDefault("1024"),
                Setting.wholeNumber("seed", "a seed for sampling, for repeatable answers").withDefault("random"),
                Setting.bool("native-log", "show llama.cpp's own log").withDefault("false"));
    }

    @Override
    public ChatModel create(ModelConfig config) {
        LlamaSettings settings = LlamaSettings.from(config);
        return new LlamaChatModel(LocalModel.shared(settings), settings);
    }
}
