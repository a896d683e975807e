package io.agentloop.examples.subagents;

import static io.agentloop.examples.FakeOpenAi.lastMessage;
import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.examples.FakeOpenAi;
import io.agentloop.examples.Stdout;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class ReleaseNotesTest {

    @Test
    void theLeadHandsResearchAndEditingToItsSubAgents() throws Exception {
        String notes = "Version 2.4 starts faster, keeps your time zones in exports, and has a dark mode.";
        try (FakeOpenAi model = new FakeOpenAi()) {
            // One server plays every agent; the calls come in this order because each waits for the last.
            model.toolCall("task", "{\"agent\":\"researcher\",\"task\":\"What changed in version 2.4?\"}") // lead
                    .toolCall("changes", "{\"version\":\"2.4\"}")                                          // researcher
                    .answer("- Faster start\n- Fix: exports keep time zones\n- New: dark mode")            // researcher
                    .toolCall("editor", "{\"task\":\"Polish: 2.4 is faster, fixes time zones.\"}")         // lead
                    .answer(notes)                                                                         // editor
                    .answer(notes);                                                                        // lead

            String printed = Stdout.of(() -> ReleaseNotes.main(new String[] {"2.4"}));

            assertThat(printed.lines()).containsExactly(
                    "[lead] -> task {\"agent\":\"researcher\",\"task\":\"What changed in version 2.4?\"}",
                    "[researcher] -> changes {\"version\":\"2.4\"}",
                    "[lead] -> editor {\"task\":\"Polish: 2.4 is faster, fixes time zones.\"}",
                    notes,
                    "(150 tokens in all)");
            List<JsonNode> requests = model.requests();
            assertThat(requests).hasSize(6);
            // The lead is offered its sub-agents, not the researcher's tool; the researcher only its tool.
            assertThat(requests.get(0).path("tools").findValuesAsString("name")).containsExactly("task", "editor");
            assertThat(requests.get(1).path("tools").findValuesAsString("name")).containsExactly("changes");
            // A sub-agent starts fresh: its own prompt, then the task it was handed.
            JsonNode researcher = requests.get(1).path("messages");
            assertThat(researcher.get(0).path("content").asString()).startsWith("You look up changes in the change");
            assertThat(lastMessage(requests.get(1)).path("content").asString())
                    .isEqualTo("What changed in version 2.4?");
            assertThat(lastMessage(requests.get(2)).path("content").asString())
                    .contains("New: dark mode for the dashboard");
            // The researcher's answer is the result of the lead's task call.
            assertThat(lastMessage(requests.get(3)).path("content").asString())
                    .isEqualTo("- Faster start\n- Fix: exports keep time zones\n- New: dark mode");
        }
    }
}
