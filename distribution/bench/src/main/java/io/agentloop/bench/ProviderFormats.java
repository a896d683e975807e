package io.agentloop.bench;

import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.StopReason;
import io.agentloop.api.message.SystemMessage;
import io.agentloop.api.message.TextBlock;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.message.Usage;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.model.ChatModel;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.model.ModelConfig;
import io.agentloop.api.model.ModelProvider;
import io.agentloop.api.tool.ToolSpec;
import io.agentloop.providers.anthropic.AnthropicProvider;
import io.agentloop.providers.gemini.GeminiProvider;
import io.agentloop.providers.ollama.OllamaProvider;
import io.agentloop.providers.openai.OpenAiChatProvider;
import io.agentloop.providers.responses.ResponsesProvider;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The five provider formats as the provider benchmarks replay them: each format's provider, and a
 * real recorded answer of that API (the providers' wire fixtures), streamed and whole. Every call
 * sends the same realistic request: a system prompt, a question, a tool call with its result, and
 * three tool definitions.
 */
enum ProviderFormats {
    OPENAI(OpenAiChatProvider::new, "openai-chat/stream-text-usage.sse", "openai-chat/text.json", "text/event-stream"),
    RESPONSES(ResponsesProvider::new, "openai-responses/stream-text.sse", "openai-responses/text.json",
            "text/event-stream"),
    ANTHROPIC(AnthropicProvider::new, "anthropic/stream-text.sse", "anthropic/text.json", "text/event-stream"),
    GEMINI(GeminiProvider::new, "gemini/stream-text.sse", "gemini/text.json", "text/event-stream"),
    OLLAMA(OllamaProvider::new, "ollama/chat-stream-text.ndjson", "ollama/chat-tool-call-thinking.json",
            "application/x-ndjson");

    private final Supplier<ModelProvider> provider;
    private final String streamed;
    private final String whole;
    private final String streamType;

    ProviderFormats(Supplier<ModelProvider> provider, String streamed, String whole, String streamType) {
        this.provider = provider;
        this.streamed = streamed;
        this.whole = whole;
        this.streamType = streamType;
    }

    /** The format's model against {@code baseUrl}, streaming or not. */
    ChatModel model(String baseUrl, boolean stream) {
        return provider.get().create(new ModelConfig("bench-model", Map.of("base-url", baseUrl, "api-key",
                "bench-key", "stream", Boolean.toString(stream))));
    }

    /** The recorded response body the API sends. */
    byte[] answer(boolean stream) {
        String name = "/wire/" + (stream ? streamed : whole);
        try (InputStream in = ProviderFormats.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing benchmark resource " + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    String contentType(boolean stream) {
        return stream ? streamType : "application/json";
    }

    /** The request every call sends. */
    static ChatRequest request() {
        ToolSpec read = ToolSpec.builder("read").description("Reads a text file of the workspace.")
                .stringParameter("path", "the file, relative to the workspace", true)
                .integerParameter("offset", "the first line to read", false)
                .integerParameter("limit", "how many lines", false).build();
        ToolSpec grep = ToolSpec.builder("grep").description("Searches files for a regular expression.")
                .stringParameter("pattern", "the regular expression", true)
                .stringParameter("include", "a glob of files to search", false).build();
        ToolSpec bash = ToolSpec.builder("bash").description("Runs a shell command in the workspace.")
                .stringParameter("command", "the command", true).build();
        List<Message> messages = List.of(
                new SystemMessage("You are a careful coding assistant. Read before you change anything, keep "
                        + "changes small, and explain what you did."),
                UserMessage.of("Why does the build fail on JDK 17? Look at the pom and tell me."),
                new AssistantMessage(List.of(new TextBlock("Let me look at the build file."),
                        ToolCall.of("call_1", "read", "{\"path\":\"pom.xml\"}")), Usage.of(380, 20),
                        StopReason.TOOL_CALLS),
                new ToolMessage(List.of(new ToolResultBlock("call_1", "read",
                        "<project>\n  <properties>\n    <maven.compiler.release>21</maven.compiler.release>\n"
                                + "  </properties>\n</project>\n", false))));
        return ChatRequest.of(messages, List.of(read, grep, bash));
    }
}
