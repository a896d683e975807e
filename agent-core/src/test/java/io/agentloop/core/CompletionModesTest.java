package io.agentloop.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentloop.api.message.Message;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.run.Completion;
import io.agentloop.api.run.RunOptions;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.api.tool.ToolSpec;
import io.agentloop.testkit.FakeTool;
import io.agentloop.testkit.ScriptedChatModel;
import org.junit.jupiter.api.Test;

/** How a run knows it is done: by an answer, by a marker in the answer, or by the finish tool. */
class CompletionModesTest {
    private final Scenario scenario = new Scenario();
    private final FakeTool read = FakeTool.named("read").readOnly().stringParameter("path", true)
            .returning(args -> "contents of " + args.requireString("path"));

    private RunResult run(ScriptedChatModel model, RunOptions options) {
        return scenario.agent(model).tools(read).options(options).build().run("Do the task");
    }

    private static Message last(ChatRequest request) {
        return request.messages().getLast();
    }

    @Test
    void inAnswerModeAnAnswerWithoutToolCallsEndsTheRun() {
        ScriptedChatModel model = ScriptedChatModel.script().answer("done").answer("not asked").build();

        RunResult result = run(model, RunOptions.builder().completion(Completion.answer()).build());

        assertThat(result.reason()).contains(TerminalReason.ANSWERED);
        assertThat(result.text()).isEqualTo("done");
        assertThat(model.calls()).isEqualTo(1);
        assertThat(model.requests().getFirst().tools()).extracting(ToolSpec::name).containsExactly("read");
    }

    @Test
    void inMarkerModeAnAnswerWithoutTheMarkerIsSentBackOnceWithANote() {
        ScriptedChatModel model = ScriptedChatModel.script().answer("still thinking").answer("All good. <<END>>")
                .answer("not asked").build();

        RunResult result = run(model, RunOptions.builder().completion(Completion.marker("<<END>>")).build());

        assertThat(result.reason()).contains(TerminalReason.ANSWERED);
        assertThat(result.text()).isEqualTo("All good. <<END>>");
        assertThat(model.calls()).isEqualTo(2);
        assertThat(last(model.requests().get(1))).isInstanceOfSatisfying(UserMessage.class,
                note -> assertThat(note.text()).contains("<<END>>").contains("does not say the task is done"));
    }

    @Test
    void inMarkerModeASecondAnswerWithoutTheMarkerEndsTheRun() {
        ScriptedChatModel model = ScriptedChatModel.script().answer("first").answer("second").answer("not asked")
                .build();

        RunResult result = run(model, RunOptions.builder().completion(Completion.marker("<<END>>")).build());

        assertThat(result.reason()).contains(TerminalReason.ANSWERED);
        assertThat(result.text()).isEqualTo("second");
        assertThat(model.calls()).isEqualTo(2);
    }

    @Test
    void inFinishToolModeTheFinishCallsAnswerIsTheFinalAnswer() {
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(ToolCall.of("c1", "read", "{\"path\":\"a.txt\"}"))
                .toolCalls(ToolCall.of("c2", "finish", "{}"))
                .toolCalls(ToolCall.of("c3", "finish", "{\"answer\":\"The answer is 42.\"}"))
                .answer("not asked").build();

        RunResult result = run(model, RunOptions.builder().completion(Completion.finishTool()).build());

        assertThat(result.reason()).contains(TerminalReason.ANSWERED);
        assertThat(result.text()).isEqualTo("The answer is 42.");
        assertThat(model.calls()).isEqualTo(3);
        assertThat(model.requests().getFirst().tools()).extracting(ToolSpec::name).containsExactly("read", "finish");
        assertThat(read.calls()).hasSize(1);
        assertThat(result.toolCalls()).extracting(r -> r.result().isError()).containsExactly(false, true, false);
        assertThat(result.toolCalls().get(1).result().content()).contains("'answer'");
    }

    @Test
    void inFinishToolModeAToolOfTheAgentNamedFinishIsRefused() {
        FakeTool finish = FakeTool.named("finish").returning("mine");
        ScriptedChatModel model = ScriptedChatModel.script().answer("not asked").build();
        Agent agent = scenario.agent(model).tools(finish)
                .options(RunOptions.builder().completion(Completion.finishTool()).build()).build();

        assertThatThrownBy(() -> agent.run("Do the task")).hasMessageContaining("rename that tool");
    }

    @Test
    void theSummaryAtTheIterationLimitOffersNoTools() {
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(ToolCall.of("c1", "read", "{\"path\":\"a.txt\"}"))
                .answer("Here is what I found.").build();

        RunResult result = run(model, RunOptions.builder().maxIterations(1).completion(Completion.finishTool()).build());

        assertThat(result.reason()).contains(TerminalReason.MAX_ITERATIONS);
        assertThat(model.calls()).isEqualTo(2);
        assertThat(model.requests().getFirst().tools()).isNotEmpty();
        assertThat(model.requests().get(1).tools()).isEmpty();
        assertThat(result.text()).isEqualTo("Here is what I found.");
    }
}
