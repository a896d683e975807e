package io.agentloop.examples.structured;

import io.agentloop.api.model.ChatModel;
import io.agentloop.api.tool.Param;
import io.agentloop.core.Agent;
import io.agentloop.providers.openai.OpenAiChatModel;
import java.util.List;
import java.util.Optional;

/**
 * A structured answer: a customer's e-mail read into a {@link Ticket} record, ready for code to
 * route, instead of prose to parse. Run it with the e-mail as its arguments.
 */
public final class TicketTriage {

    public enum Priority { LOW, NORMAL, URGENT }

    /**
     * What the model must answer. The record's components make the JSON Schema the model is held
     * to; {@link Param} descriptions tell it what goes where, and {@code Optional} marks what it may
     * leave out.
     */
    public record Ticket(
            @Param(description = "the customer's name as they sign") String customer,
            Priority priority,
            @Param(description = "one sentence: what the customer needs") String summary,
            @Param(description = "order ids mentioned, such as A-1002") List<String> orders,
            @Param(description = "when they need an answer, if they say") Optional<String> replyBy) {}

    private static final String SAMPLE = """
            Hello, my order A-1002 was supposed to arrive yesterday and the tracking page has not moved
            for four days. It is a birthday present for Saturday. Can you tell me what is going on?
            Maria Rossi""";

    public static void main(String[] args) {
        String email = args.length > 0 ? String.join(" ", args) : SAMPLE;
        Agent agent = Agent.builder()
                .model(model())
                .systemPrompt("You triage customer e-mails for a shop's support team.")
                .build();

        // The answer is checked against Ticket's schema; one that does not match goes back to the
        // model with what was wrong, and only a run that never gets a valid one throws.
        Ticket ticket = agent.run("Triage this e-mail:\n\n" + email, Ticket.class);
        System.out.println(ticket);
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
