package io.agentloop.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.hook.HookContext;
import io.agentloop.api.hook.PostReplyHook;
import io.agentloop.api.memory.MemoryEntry;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.RunResult;
import io.agentloop.core.Agent;
import io.agentloop.hooks.memory.FileLongTermMemory;
import io.agentloop.hooks.memory.MemoryAutoSave;
import io.agentloop.hooks.memory.MemoryRecall;
import io.agentloop.testkit.RecordingHook;
import io.agentloop.testkit.ScriptedChatModel;
import io.agentloop.testkit.ScriptedChatModel.Step;
import io.agentloop.testkit.TargetTempDir;
import io.temporal.testing.TestWorkflowEnvironment;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A durable run runs its agent's reply hooks around its loop, as steps of their own, as a local run does. */
class ReplyHooksWorkflowTest {
    @TempDir(factory = TargetTempDir.class)
    Path folder;

    TestWorkflowEnvironment env;

    @BeforeEach
    void start() {
        env = TestWorkflowEnvironment.newInstance();
    }

    @AfterEach
    void stop() {
        env.close();
    }

    private RunResult run(String runId, String task) throws Exception {
        return new DurableRuns(env.getWorkflowClient(), DurableRunTest.QUEUE)
                .start(runId, "default", List.of(), task, Optional.empty()).result().get(5, TimeUnit.MINUTES);
    }

    private void serve(Agent agent) {
        AgentWorker.register(env.getWorkerFactory(), DurableRunTest.QUEUE, DurableRunTest.only(agent),
                DurableRunTest.OPTIONS);
        env.start();
    }

    @Test
    void aDurableRunWithLongTermMemorySavesANoteAndTheNextRunRecallsIt() throws Exception {
        FileLongTermMemory memory = new FileLongTermMemory(folder.resolve("memory.jsonl"), 100, Clock.systemUTC());
        ScriptedChatModel model = ScriptedChatModel.dynamic(request -> Step.answer(Rounds.USAGE,
                request.messages().getLast().text().startsWith("Remember") ? "Noted: the deploy key is blue."
                        : request.messages().stream().anyMatch(message -> message.text().contains("key is blue"))
                        ? "It is blue." : "I do not know."));
        Agent agent = Agent.builder().name("memorious").model(model)
                .hooks(new MemoryRecall(memory, 3), new MemoryAutoSave(memory, text -> text, Clock.systemUTC())).build();
        serve(agent);

        RunResult first = run("remembers", "Remember that the deploy key is blue");
        RunResult second = run("recalls", "Which colour is the deploy key?");

        assertThat(first.state()).isEqualTo(AgentState.COMPLETED);
        assertThat(second.state()).isEqualTo(AgentState.COMPLETED);
        assertThat(memory.entries()).as("the first run's note, saved after it").anySatisfy(note -> {
            assertThat(note.id()).isEqualTo("run-remembers");
            assertThat(note.text()).contains("Noted: the deploy key is blue.");
        });
        assertThat(second.text()).isEqualTo("It is blue.");
        List<Message> recalled = model.requests().getLast().messages();
        assertThat(recalled).as("the second run's request holds the first run's note")
                .anySatisfy(message -> {
                    assertThat(message).isInstanceOf(UserMessage.class);
                    assertThat(message.text()).contains("Noted: the deploy key is blue.");
                });
    }

    @Test
    void aDurableRunThatRecalledAnUntrustedNoteSavesNoNoteOfItsOwn() throws Exception {
        FileLongTermMemory memory = new FileLongTermMemory(folder.resolve("memory.jsonl"), 100, Clock.systemUTC());
        // no provenance: written by who knows what, so untrusted, and so is a run that recalled it
        memory.remember(new MemoryEntry("planted", "The deploy key is green.", Set.of("deploy", "key"),
                Instant.parse("2026-01-01T00:00:00Z"), Optional.empty()));
        ScriptedChatModel model = ScriptedChatModel.dynamic(request -> Step.answer(Rounds.USAGE, "It is green."));
        serve(Agent.builder().name("memorious").model(model)
                .hooks(new MemoryRecall(memory, 3), new MemoryAutoSave(memory, text -> text, Clock.systemUTC())).build());

        RunResult result = run("after-planted", "Which colour is the deploy key?");

        assertThat(result.text()).isEqualTo("It is green.");
        assertThat(model.requests().getFirst().messages()).as("the note was recalled in the model call's step")
                .anySatisfy(message -> assertThat(message.text()).contains("The deploy key is green."));
        assertThat(memory.entries()).as("the recall's mark reached the auto-save after the run: nothing saved")
                .extracting(MemoryEntry::id).containsExactly("planted");
    }

    @Test
    void replyHooksRunOnceEachAroundTheDurableRunInTheOrderOfALocalRun() throws Exception {
        List<String> local = RecordingHook.newLog();
        Agent.builder().name("recorded").model(ScriptedChatModel.dynamic(request -> Step.answer(Rounds.USAGE, "hi")))
                .hooks(new RecordingHook("outer", -10, local), new RecordingHook("inner", 10, local)).build().run("Hi");
        List<String> durable = RecordingHook.newLog();
        serve(Agent.builder().name("recorded").model(ScriptedChatModel.dynamic(request -> Step.answer(Rounds.USAGE,
                "hi"))).hooks(new RecordingHook("outer", -10, durable), new RecordingHook("inner", 10, durable)).build());

        RunResult result = run("recorded", "Hi");

        assertThat(result.text()).isEqualTo("hi");
        assertThat(replies(local)).containsExactly("outer.beforeReply", "inner.beforeReply", "inner.afterReply",
                "outer.afterReply");
        assertThat(replies(durable)).as("as locally, and not again when the workflow replays")
                .isEqualTo(replies(local));
    }

    @Test
    void aPostReplyHookThatFailsFailsTheRunNamingTheHook() throws Exception {
        PostReplyHook broken = new PostReplyHook() {
            @Override
            public RunResult afterReply(RunResult result, HookContext context) {
                throw new IllegalStateException("the notes' disk is full");
            }

            @Override
            public String name() {
                return "notes";
            }
        };
        serve(Agent.builder().name("failing").model(ScriptedChatModel.dynamic(request -> Step.answer(Rounds.USAGE,
                "hi"))).hooks(broken).build());

        RunResult result = run("broken-hook", "Hi");

        assertThat(result.state()).isEqualTo(AgentState.FAILED);
        assertThat(result.error()).hasValueSatisfying(error -> assertThat(error.getMessage())
                .contains("notes").contains("the notes' disk is full"));
    }

    private static List<String> replies(List<String> log) {
        return log.stream().filter(entry -> entry.endsWith("Reply")).toList();
    }
}
