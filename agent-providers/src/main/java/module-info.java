/** Model providers over HTTP (OkHttp + Jackson): OpenAI-compatible chat, Anthropic, Gemini, Ollama, OpenAI Responses. Its built-ins are registered with {@code provides} and {@code META-INF/services}. */
module io.agentloop.providers {
    requires io.agentloop.api;
}
