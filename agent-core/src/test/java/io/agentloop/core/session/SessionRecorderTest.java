package io.agentloop.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.message.Message;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.Usage;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.session.Session;
import io.agentloop.api.session.SessionWriter;
import io.agentloop.core.Agent;
import io.agentloop.testkit.FakeTool;
import io.agentloop.testkit.ScriptedChatModel;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SessionRecorderTest {
    @TempDir
    Path folder;

    @Test
    void runsAreSavedAsTheyHappenAndResumeFromWhereTheyEnded() {
        FileSessionStore store = new FileSessionStore(folder);
        String id = store.create("two runs").id();
        ScriptedChatModel model = ScriptedChatModel.script().usage(Usage.of(50, 5))
                .toolCalls(ToolCall.of("c1", "echo", "{\"text\":\"hi\"}"), ToolCall.of("c2", "echo", "{\"text\":\"yo\"}"))
                .answer("Both echoed.")
                .answer("Second answer.")
                .build();
        FakeTool echo = FakeTool.named("echo").stringParameter("text", true).readOnly()
                .returning(args -> args.requireString("text"));

        RunResult first;
        try (SessionWriter writer = store.open(id)) {
            SessionRecorder recorder = new SessionRecorder(writer, 0, 0);
            first = Agent.builder().model(model).tools(echo).systemPrompt("Be brief.").name("echoer").hooks(recorder)
                    .listeners(recorder).build().run("echo twice");
            assertThat(recorder.failure()).isEmpty();
        }
        Session afterFirst = store.load(id).orElseThrow();
        assertThat(afterFirst.messages()).isEqualTo(first.messages());

        List<Message> history = afterFirst.messages();
        RunResult second;
        try (SessionWriter writer = store.open(id)) {
            SessionRecorder recorder = new SessionRecorder(writer, history.size(), afterFirst.checkpoints().size());
            second = Agent.builder().model(model).tools(echo).hooks(recorder).listeners(recorder).build()
                    .run(history, "and again");
        }

        Session afterSecond = store.load(id).orElseThrow();
        assertThat(afterSecond.messages()).isEqualTo(second.messages()).hasSize(history.size() + 2);
        assertThat(afterSecond.checkpoints()).extracting(c -> c.checkpoint().name()).containsExactly("run-1", "run-2");
        assertThat(afterSecond.checkpoint("run-1").messages()).isEqualTo(first.messages());
        assertThat(afterSecond.checkpoint("run-1").checkpoint().state()).isEqualTo("COMPLETED ANSWERED");
        assertThat(afterSecond.checkpoint("run-1").checkpoint().data()).as("the record names the agent")
                .containsEntry("agent", "echoer").containsEntry("run_id", first.runId());
        assertThat(afterSecond.checkpoint("run-2").checkpoint().data()).containsEntry("agent", "agent");
        assertThat(afterSecond.checkpoint("run-1").checkpoint().usage()).isEqualTo(first.usage());
    }
}
