package io.agentloop.plugins.llamacpp;

import io.agentloop.api.model.ChatModel;
import io.agentloop.api.model.ModelConfig;
import io.agentloop.api.model.ModelProvider;

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
    public ChatModel create(ModelConfig config) {
        LlamaSettings settings = LlamaSettings.from(config);
        return new LlamaChatModel(LocalModel.shared(settings), settings);
    }
}
