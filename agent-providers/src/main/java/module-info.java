/**
 * Model providers over HTTP (OkHttp + Jackson): OpenAI-compatible chat, Anthropic, Gemini, Ollama
 * and OpenAI Responses. Registered with {@code provides} and {@code META-INF/services}.
 */
module io.agentloop.providers {
    requires io.agentloop.api;
    requires okhttp3;
    requires okio;
    requires tools.jackson.databind;
    requires org.slf4j;

    exports io.agentloop.providers.http;
    exports io.agentloop.providers.openai;
    exports io.agentloop.providers.anthropic;
    exports io.agentloop.providers.gemini;
    exports io.agentloop.providers.ollama;
    exports io.agentloop.providers.responses;
    exports io.agentloop.providers.options;

    provides io.agentloop.api.model.ModelProvider with
            io.agentloop.providers.openai.OpenAiChatProvider,
            io.agentloop.providers.anthropic.AnthropicProvider,
            io.agentloop.providers.gemini.GeminiProvider,
            io.agentloop.providers.ollama.OllamaProvider,
            io.agentloop.providers.responses.ResponsesProvider;
}
