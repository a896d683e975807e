package io.agentloop.examples.tools;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.model.ChatModel;
import io.agentloop.api.run.RunResult;
import io.agentloop.core.Agent;
import io.agentloop.core.AnnotatedTools;
import io.agentloop.providers.openai.OpenAiChatModel;
import java.util.Optional;

/**
 * A tool-using agent: a shop assistant that answers questions about orders by calling the
 * {@link Orders} tools. Run it with a question as its arguments.
 */
public final class OrderAssistant {

    public static void main(String[] args) {
        String question = args.length > 0 ? String.join(" ", args) : "Where is my order A-1002?";
        Agent agent = Agent.builder()
                .model(model())
                .systemPrompt("You are a shop's support assistant. Look orders up before you answer; never guess.")
                .tools(AnnotatedTools.from(new Orders()))
                // Shows the loop at work: each tool call as the model makes it.
                .listeners(event -> {
                    if (event instanceof AgentEvent.ToolCallStarted call) {
                        System.out.println("-> " + call.name() + " " + call.arguments());
                    }
                })
                .build();

        RunResult result = agent.run(question);
        if (result.success()) {
            System.out.println(result.text());
        } else {   // a run that fails or is cut short still returns: its reason and error say why
            System.out.println("No answer (" + result.reason().orElseThrow() + "): "
                    + result.error().map(Throwable::getMessage).orElse(""));
        }
    }

    /**
     * Any server that speaks OpenAI Chat Completions (OpenAI, Ollama's /v1, vLLM, LM Studio...):
     * system properties first, then environment variables, then OpenAI's own service.
     */
    static ChatModel model() {
        OpenAiChatModel.Builder model = OpenAiChatModel.builder()
                .model(setting("openai.model", "OPENAI_MODEL").orElse("gpt-4.1-mini"));
        setting("openai.base-url", "OPENAI_BASE_URL").ifPresent(model::baseUrl);
        setting("openai.api-key", "OPENAI_API_KEY").ifPresent(model::apiKey);
        return model.build();
    }

    private static Optional<String> setting(String property, String variable) {
        return Optional.ofNullable(System.getProperty(property)).or(() -> Optional.ofNullable(System.getenv(variable)))
                .filter(value -> !value.isBlank());
    }
}
