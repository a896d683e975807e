package io.agentloop.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.CancellationSignal;
import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.SystemMessage;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.model.ChatModel;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.model.ModelStream;
import io.agentloop.api.run.CompactionOptions;
import io.agentloop.api.run.RunOptions;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.core.registry.Extensions;
import io.agentloop.testkit.FakeTool;
import io.agentloop.testkit.ScriptedChatModel;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Compaction as seeds 000 and 003 describe it: at 80 % of the model's context window, by key
 * information extraction, and keeping what matters most (the task, tool errors, the latest turn).
 */
class SeedCompactionScenariosTest {
    private final Scenario scenario = new Scenario();

    /** The scripted model under the name of a model the built-in table knows. */
    private static ChatModel named(ScriptedChatModel model, String provider, String name) {
        return new ChatModel() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public Optional<String> provider() {
                return Optional.of(provider);
            }

            @Override
            public ModelStream stream(ChatRequest request, CancellationSignal cancellation) {
                return model.stream(request, cancellation);
            }
        };
    }

    @Test
    void compactionStartsAtEightyPercentOfAKnownModelsContextWindow() {
        FakeTool look = FakeTool.named("look").readOnly().integerParameter("n", true).returning("seen");
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(ToolCall.of("1", "look", "{\"n\":1}"))
                .toolCalls(ToolCall.of("2", "look", "{\"n\":2}"))
                .answer("done").build();

        // gpt-4 holds 8,192 tokens: compaction starts above 6,553; 1,500 tokens a message
        RunResult result = scenario.agent(model).model(named(model, "openai", "gpt-4-0613")).tools(look)
                .tokenEstimator(message -> 1_500).build().run("Look twice");

        assertThat(result.reason()).contains(TerminalReason.ANSWERED);
        // the task and one turn (4,500) stay under it; the second turn (7,500) passes it
        assertThat(scenario.events.ofType(AgentEvent.Decision.class)).extracting(AgentEvent.Decision::reason)
                .contains("about 7500 tokens, over the threshold of 6553 (80 % of openai/gpt-4-0613's context "
                        + "window of 8192)");
        assertThat(scenario.events.ofType(AgentEvent.Compacted.class)).singleElement()
                .satisfies(c -> assertThat(c.before()).isEqualTo(5));
        assertThat(model.requests().get(2).messages().getFirst()).isEqualTo(UserMessage.of("Look twice"));
    }

    @Test
    void aConfiguredWindowAndThresholdWinOverTheTable() {
        FakeTool look = FakeTool.named("look").readOnly().returning("seen");
        ScriptedChatModel model = ScriptedChatModel.script().toolCalls(ToolCall.of("1", "look", "{}"))
                .answer("done").build();

        scenario.agent(model).model(named(model, "openai", "gpt-4-0613")).tools(look).tokenEstimator(message -> 1_500)
                .options(RunOptions.DEFAULTS.withCompaction(CompactionOptions.DEFAULTS.withThreshold(0.5)
                        .withContextWindow("openai", "gpt-4-0613", 8_000)))
                .build().run("Look once");

        assertThat(scenario.events.ofType(AgentEvent.Decision.class)).extracting(AgentEvent.Decision::reason)
                .contains("about 4500 tokens, over the threshold of 4000 (50 % of openai/gpt-4-0613's context "
                        + "window of 8000)");
    }

    @Test
    void keyInformationExtractionReplacesTheOldTurnsWithAStructuredNote() {
        FakeTool read = FakeTool.named("read").readOnly().stringParameter("path", true)
                .returning(args -> "port: 5433");
        String note = "Facts:\n- the staging database listens on port 5433\nDecisions:\n- none\n"
                + "Files:\n- config/db.yaml (read: holds the port)\nOpen questions:\n- why the deploy fails\n"
                + "Errors:\n- none";
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(ToolCall.of("r1", "read", "{\"path\":\"config/db.yaml\"}"))
                .toolCalls(ToolCall.of("r2", "read", "{\"path\":\"config/app.yaml\"}"))
                .toolCalls(ToolCall.of("r3", "read", "{\"path\":\"deploy.log\"}"))
                .answer(note) // the compaction's call
                .answer("The deploy uses port 5433.").build();

        RunResult result = scenario.agent(model).systemPrompt("System rules.").tools(read)
                .extensions(Extensions.discoverBuiltIns())
                .options(RunOptions.DEFAULTS.withCompaction(new CompactionOptions(7, 0, "key-information")))
                .build().run("Find why the deploy fails");

        assertThat(result.reason()).contains(TerminalReason.ANSWERED);
        ChatRequest extraction = model.requests().get(3);
        assertThat(extraction.tools()).isEmpty();
        assertThat(((SystemMessage) extraction.messages().getFirst()).text())
                .contains("Facts:", "Decisions:", "Files:", "Open questions:", "Errors:");
        assertThat(((UserMessage) extraction.messages().get(1)).content().getFirst().text())
                .contains("config/db.yaml", "port: 5433");
        List<Message> after = model.requests().get(4).messages();
        assertThat(after).containsExactly(new SystemMessage("System rules."),
                new SystemMessage("Key information from the earlier conversation:\n" + note),
                UserMessage.of("Find why the deploy fails"), after.get(3), after.get(4));
        assertThat(((AssistantMessage) after.get(3)).toolCalls()).extracting(ToolCall::id).containsExactly("r3");
        assertThat(after.get(4)).isInstanceOf(ToolMessage.class);
    }

    @Test
    void importanceRetentionKeepsTheTaskAToolErrorAndTheLatestTurnBeforeNewerTurns() {
        FakeTool read = FakeTool.named("read").readOnly().stringParameter("path", true).returning("text");
        FakeTool fetch = FakeTool.named("fetch").readOnly().stringParameter("url", true)
                .throwing(new IOException("connection refused: reports.example.com"));
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(ToolCall.of("f1", "fetch", "{\"url\":\"https://reports.example.com\"}"))
                .toolCalls(ToolCall.of("r1", "read", "{\"path\":\"a.md\"}"))
                .toolCalls(ToolCall.of("r2", "read", "{\"path\":\"b.md\"}"))
                .toolCalls(ToolCall.of("r3", "read", "{\"path\":\"c.md\"}"))
                .toolCalls(ToolCall.of("r4", "read", "{\"path\":\"d.md\"}"))
                .answer("done").build();

        RunResult result = scenario.agent(model).tools(read, fetch)
                .options(RunOptions.DEFAULTS.withCompaction(new CompactionOptions(10, 0, "sliding-window")))
                .build().run("Write the report");

        assertThat(result.reason()).contains(TerminalReason.ANSWERED);
        // 11 messages after the fifth turn, aiming at 5: the task and the latest turn, then the failed
        // fetch (which fits), are kept before the newer reads, which are dropped
        assertThat(scenario.events.ofType(AgentEvent.Compacted.class)).singleElement()
                .satisfies(c -> assertThat(c.before()).isEqualTo(11))
                .satisfies(c -> assertThat(c.after()).isEqualTo(5));
        List<Message> after = model.requests().get(5).messages();
        assertThat(after.getFirst()).isEqualTo(UserMessage.of("Write the report"));
        assertThat(after).filteredOn(AssistantMessage.class::isInstance)
                .flatExtracting(m -> ((AssistantMessage) m).toolCalls()).extracting(ToolCall::id)
                .containsExactly("f1", "r4");
        assertThat(after).filteredOn(ToolMessage.class::isInstance)
                .flatExtracting(m -> ((ToolMessage) m).results())
                .anySatisfy(r -> assertThat(r.content()).contains("connection refused: reports.example.com"));
    }
}
