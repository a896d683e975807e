package io.agentloop.hooks.memory;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.memory.MemoryEntry;
import io.agentloop.api.memory.Provenance;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.model.NonRetryableModelException;
import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.RunResult;
import io.agentloop.core.Agent;
import io.agentloop.testkit.FakeTool;
import io.agentloop.testkit.ScriptedChatModel;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a run that answered leaves in long-term memory, and what other runs leave: nothing. */
class MemoryAutoSaveTest {
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-23T10:00:00Z"), ZoneOffset.UTC);

    @TempDir
    Path folder;

    private FileLongTermMemory memory() {
        return new FileLongTermMemory(folder.resolve("memory.jsonl"), 10, CLOCK);
    }

    @Test
    void anAnsweredRunSavesItsTaskAndAnswerRedactedAndFindableByTheTasksWords() {
        FileLongTermMemory memory = memory();
        MemoryAutoSave save = new MemoryAutoSave(memory, text -> text.replace("sk-secret-123", "[REDACTED]"), CLOCK);
        ScriptedChatModel model = ScriptedChatModel.script().answer("It listens on port 5433 (key sk-secret-123).")
                .build();

        RunResult result = Agent.builder().model(model).hooks(save).build()
                .run("Which port does the staging database use?");

        assertThat(memory.entries()).singleElement().satisfies(entry -> {
            assertThat(entry.id()).isEqualTo("run-" + result.runId());
            assertThat(entry.text()).isEqualTo("Asked: Which port does the staging database use?\n"
                    + "Answered: It listens on port 5433 (key [REDACTED]).");
            assertThat(entry.keywords()).containsExactlyInAnyOrder("which", "port", "does", "staging", "database");
            assertThat(entry.created()).isEqualTo(CLOCK.instant());
            assertThat(entry.provenance()).contains(Provenance.ofRun(result.runId(), Optional.empty(), Set.of()));
            assertThat(entry.trusted()).isTrue();
        });
        assertThat(new FileLongTermMemory(folder.resolve("memory.jsonl"), 10, CLOCK).recall("staging port", 1))
                .extracting(MemoryEntry::id).containsExactly("run-" + result.runId());
    }

    @Test
    void longTasksAndAnswersAreShortened() {
        FileLongTermMemory memory = memory();
        ScriptedChatModel model = ScriptedChatModel.script().answer("b".repeat(5000)).build();

        Agent.builder().model(model).hooks(new MemoryAutoSave(memory, text -> text, CLOCK)).build()
                .run("a".repeat(2000));

        String text = memory.entries().getFirst().text();
        assertThat(text).startsWith("Asked: " + "a".repeat(MemoryAutoSave.MAX_TASK - 3) + "...\nAnswered: ")
                .endsWith("b".repeat(MemoryAutoSave.MAX_ANSWER - 3) + "...");
    }

    @Test
    void aSecretTheLengthLimitCutsThroughIsMaskedBeforeItIsCut() {
        FileLongTermMemory memory = memory();
        String key = "sk-" + "q7".repeat(12); // recognised only whole, like a real key shape
        String task = "x".repeat(MemoryAutoSave.MAX_TASK - 13) + " " + key + " is the key";
        MemoryAutoSave save = new MemoryAutoSave(memory, text -> text.replaceAll("sk-[a-z0-9]{24}", "[REDACTED]"),
                CLOCK);

        Agent.builder().model(ScriptedChatModel.script().answer("Noted.").build()).hooks(save).build().run(task);

        String text = memory.entries().getFirst().text();
        assertThat(text).doesNotContain("sk-").doesNotContain("q7q7").contains("[REDA");
    }

    @Test
    void aRunThatDidNotAnswerSavesNothing() {
        FileLongTermMemory memory = memory();
        ScriptedChatModel failing = ScriptedChatModel.script()
                .fail(new NonRetryableModelException("the model is gone")).build();

        RunResult result = Agent.builder().model(failing).hooks(new MemoryAutoSave(memory, text -> text, CLOCK))
                .build().run("Remember this?");

        assertThat(result.state()).isEqualTo(AgentState.FAILED);
        assertThat(memory.entries()).isEmpty();
        assertThat(MemoryAutoSave.keywords("Deploy the API to eu-west-1 now")).isEqualTo(
                new java.util.LinkedHashSet<>(List.of("deploy", "west")));
    }

    private static ScriptedChatModel readsThenAnswers(String tool) {
        return ScriptedChatModel.script().toolCalls(ToolCall.of("call_1", tool, "{\"path\":\"notes.txt\"}"))
                .answer("The notes say to deploy on Tuesdays.").build();
    }

    private static FakeTool tool(String name, String returning) {
        return FakeTool.named(name).stringParameter("path", true).readOnly().returning(returning);
    }

    @Test
    void aRunWithAToolResultInItsContextSavesNothingByDefault() {
        FileLongTermMemory memory = memory();

        RunResult result = Agent.builder().model(readsThenAnswers("read")).tools(tool("read", "Deploy on Tuesdays."))
                .hooks(new MemoryAutoSave(memory, text -> text, CLOCK)).build().run("What do the notes say?");

        assertThat(result.success()).isTrue();
        assertThat(memory.entries()).isEmpty();
    }

    @Test
    void savingUntrustedKeepsTheRunTheSessionAndTheToolsThatBroughtOutsideText() {
        FileLongTermMemory memory = memory();
        MemoryAutoSave save = new MemoryAutoSave(memory, text -> text, CLOCK).inSession("s-42").savingUntrusted();

        RunResult result = Agent.builder().model(readsThenAnswers("read")).tools(tool("read", "Deploy on Tuesdays."))
                .hooks(save).build().run("What do the notes say?");

        MemoryEntry saved = new FileLongTermMemory(folder.resolve("memory.jsonl"), 10, CLOCK).entries().getFirst();
        assertThat(saved.provenance()).contains(Provenance.ofRun(result.runId(), Optional.of("s-42"), Set.of("read")));
        assertThat(saved.trusted()).isFalse();
    }

    @Test
    void aToolThatBringsNoOutsideTextLeavesTheRunTrusted() {
        FileLongTermMemory memory = memory();
        MemoryAutoSave save = new MemoryAutoSave(memory, text -> text, CLOCK)
                .judgingToolsBy(name -> !name.equals("todo"));

        RunResult result = Agent.builder().model(readsThenAnswers("todo")).tools(tool("todo", "[ ] deploy"))
                .hooks(save).build().run("Plan the deploy");

        assertThat(memory.entries()).singleElement().satisfies(entry -> {
            assertThat(entry.provenance()).contains(Provenance.ofRun(result.runId(), Optional.empty(), Set.of()));
            assertThat(entry.trusted()).isTrue();
        });
    }

    @Test
    void aRunHandedAnUntrustedNoteIsUntrustedItself() {
        FileLongTermMemory memory = memory();
        memory.remember(new MemoryEntry("old", "Deploys happen on Tuesdays.", Set.of("deploy"), CLOCK.instant()));
        MemoryAutoSave save = new MemoryAutoSave(memory, text -> text, CLOCK).savingUntrusted();

        RunResult result = Agent.builder().model(ScriptedChatModel.script().answer("On Tuesdays.").build())
                .hooks(new MemoryRecall(memory, 3), save).build().run("When do we deploy?");

        assertThat(memory.entries()).filteredOn(entry -> entry.id().equals("run-" + result.runId())).singleElement()
                .satisfies(entry -> assertThat(entry.provenance()).contains(Provenance.ofRun(result.runId(),
                        Optional.empty(), Set.of(Provenance.RECALLED))));
    }
}
