package io.agentloop.examples.subagents;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.model.ChatModel;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.tool.Param;
import io.agentloop.api.tool.ToolMethod;
import io.agentloop.core.Agent;
import io.agentloop.core.AnnotatedTools;
import io.agentloop.core.SubAgentProfile;
import io.agentloop.providers.openai.OpenAiChatModel;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Sub-agents: a lead agent writes release notes by handing work to two others, a researcher that
 * reads the change log with its own tool, and an editor that polishes a draft. Each sub-agent
 * starts fresh with only its task, so the lead's conversation stays short and each one's prompt
 * stays focused. Run it with a version as its argument.
 */
public final class ReleaseNotes {

    /** The researcher's tool; the lead cannot call it, only hand tasks to the researcher. */
    public static final class ChangeLog {
        private final Map<String, List<String>> changes = Map.of(
                "2.4", List.of("Faster start: the index loads lazily", "Fix: exports keep time zones",
                        "New: dark mode for the dashboard"),
                "2.3", List.of("New: CSV import", "Fix: a crash on empty projects"));

        @ToolMethod(description = "The changes merged for a version, one line each.", readOnly = true)
        public List<String> changes(@Param(name = "version", description = "such as 2.4") String version) {
            return changes.getOrDefault(version.strip(), List.of());
        }
    }

    public static void main(String[] args) {
        String version = args.length > 0 ? args[0] : "2.4";

        // Both run on the lead's model unless their profile gives them one (withModel): a cheaper
        // model often does for a narrow task. The researcher is called through the lead's `task`
        // tool, by name: the lead's model reads the description to choose.
        SubAgentProfile researcher = SubAgentProfile.of("researcher",
                "Finds what changed in a version, from the change log.",
                "You look up changes in the change log and report them as a plain list. Never invent one.",
                AnnotatedTools.from(new ChangeLog()));
        // Given as a tool of its own, `editor(task)`, for a sub-agent the lead should call directly.
        SubAgentProfile editor = SubAgentProfile.of("editor",
                "Rewrites a draft for users: short, friendly, no internal jargon.",
                "You edit release notes for the people who use the product.", List.of());

        Agent lead = Agent.builder()
                .model(model())
                .systemPrompt("You write release notes. Ask the researcher what changed, write a draft, "
                        + "have the editor polish it, then answer with the polished notes only.")
                .subAgents(researcher)
                .agentTools(editor)
                // A sub-agent's events reach the lead's listeners wrapped in SubAgent: who did what.
                .listeners(event -> {
                    if (event instanceof AgentEvent.SubAgent sub
                            && sub.event() instanceof AgentEvent.ToolCallStarted call) {
                        System.out.println("[" + sub.agent() + "] -> " + call.name() + " " + call.arguments());
                    } else if (event instanceof AgentEvent.ToolCallStarted call) {
                        System.out.println("[lead] -> " + call.name() + " " + call.arguments());
                    }
                })
                .build();

        RunResult result = lead.run("Write the release notes for version " + version + ".");
        if (result.success()) {
            System.out.println(result.text());
        } else {   // a run that fails or is cut short still returns: its reason and error say why
            System.out.println("No answer (" + result.reason().orElseThrow() + "): "
                    + result.error().map(Throwable::getMessage).orElse(""));
        }
        // The sub-agents' tokens are in the lead's usage: the run's whole cost in one place.
        System.out.println("(" + result.usage().totalTokens() + " tokens in all)");
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
