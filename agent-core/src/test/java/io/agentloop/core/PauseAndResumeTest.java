package io.agentloop.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.StopReason;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.message.Usage;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.run.CallDecision;
import io.agentloop.api.run.CallProgress;
import io.agentloop.api.run.OpenTurn;
import io.agentloop.api.run.PendingCall;
import io.agentloop.api.run.Resumption;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.core.permission.PermissionPolicy;
import io.agentloop.core.run.RunJournal;
import io.agentloop.core.workspace.SandboxWorkspace;
import io.agentloop.testkit.FakeTool;
import io.agentloop.testkit.RecordingListener;
import io.agentloop.testkit.ScriptedChatModel;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run that pauses for a person's approval, and a run that goes on from its record after a crash. */
class PauseAndResumeTest {
    @TempDir
    Path root;

    private final FakeTool deploy = FakeTool.named("deploy").returning("deployed");
    private final FakeTool look = FakeTool.named("look").readOnly().returning("seen");

    private static ToolCall call(String id, String tool) {
        return ToolCall.of(id, tool, "{}");
    }

    private Agent agent(ScriptedChatModel model, RunJournal journal) {
        return Agent.builder().model(model).tools(deploy, look).workspace(SandboxWorkspace.of(root)).journal(journal)
                .permissions(PermissionPolicy.defaults())
                .build();
    }

    @Test
    void anApprovedCallRunsExactlyOnceWhenTheRunGoesOnAndTheModelGetsItsResult() {
        ScriptedChatModel model = ScriptedChatModel.script().toolCalls(call("d", "deploy"), call("l", "look"))
                .answer("Deployed.").build();
        Agent agent = agent(model, RunJournal.NONE);

        RunResult paused = agent.run("Deploy and look");

        assertThat(paused.reason()).contains(TerminalReason.AWAITING_APPROVAL);
        assertThat(paused.success()).isFalse();
        assertThat(deploy.calls()).isEmpty();
        assertThat(look.calls()).hasSize(1);
        assertThat(paused.openTurn()).hasValueSatisfying(open -> assertThat(open.calls())
                .extracting(CallProgress::stage).containsExactly(CallProgress.Stage.PENDING, CallProgress.Stage.FINISHED));
        assertThat(paused.messages()).as("the conversation ends before the open turn")
                .last().isInstanceOf(UserMessage.class);

        RunResult result = agent.resume(Resumption.of(paused, List.of(CallDecision.approve("d"))));

        assertThat(result.success()).isTrue();
        assertThat(deploy.calls()).hasSize(1);
        assertThat(look.calls()).as("a finished call is never run again").hasSize(1);
        ToolMessage results = (ToolMessage) model.requests().get(1).messages().getLast();
        assertThat(results.results()).extracting(ToolResultBlock::toolCallId, ToolResultBlock::content)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("d", "deployed"),
                        org.assertj.core.groups.Tuple.tuple("l", "seen"));
    }

    @Test
    void aPauseHappensInToolExecutingAndTheResumedRunCarriesTheCallsOutFromThere() {
        ScriptedChatModel model = ScriptedChatModel.script().toolCalls(call("d", "deploy")).answer("Deployed.").build();
        RecordingListener pausing = new RecordingListener();
        RecordingListener resuming = new RecordingListener();
        Agent first = Agent.builder().model(model).tools(deploy, look).workspace(SandboxWorkspace.of(root))
                .permissions(PermissionPolicy.defaults()).listeners(pausing).build();

        RunResult paused = first.run("Deploy");
        Agent second = Agent.builder().model(model).tools(deploy, look).workspace(SandboxWorkspace.of(root))
                .permissions(PermissionPolicy.defaults()).listeners(resuming).build();
        RunResult result = second.resume(Resumption.of(paused, List.of(CallDecision.approve("d"))));

        assertThat(paused.reason()).contains(TerminalReason.AWAITING_APPROVAL);
        assertThat(pausing.transitions()).as("the process stays in TOOL_EXECUTING; the run stops after observing")
                .containsExactly("INIT>PLANNING", "PLANNING>EXECUTING", "IDLE>CALLING", "CALLING>STREAMING",
                        "STREAMING>TOOL_EXECUTING", "EXECUTING>OBSERVING", "OBSERVING>COMPLETED");
        assertThat(result.success()).isTrue();
        assertThat(resuming.transitions()).as("the resumed process starts in TOOL_EXECUTING, where it paused")
                .containsExactly("INIT>PLANNING", "PLANNING>EXECUTING", "TOOL_EXECUTING>SUCCESS",
                        "EXECUTING>OBSERVING", "OBSERVING>PLANNING", "PLANNING>EXECUTING", "IDLE>CALLING",
                        "CALLING>STREAMING", "STREAMING>SUCCESS", "EXECUTING>OBSERVING", "OBSERVING>COMPLETED");
    }

    @Test
    void anUndecidedCallPausesTheRunAgainAndAlwaysIsRememberedForTheAgentsLaterCalls() {
        ScriptedChatModel model = ScriptedChatModel.script().toolCalls(call("1", "deploy")).answer("Once.")
                .toolCalls(call("2", "deploy")).answer("Twice.").build();
        Agent agent = agent(model, RunJournal.NONE);

        RunResult paused = agent.run("Deploy");
        RunResult still = agent.resume(Resumption.of(paused, List.of()));

        assertThat(still.awaitingApproval()).isTrue();
        assertThat(still.pending()).extracting(p -> p.call().id()).containsExactly("1");
        assertThat(model.calls()).as("going on with nothing decided calls no model").isEqualTo(1);

        RunResult first = agent.resume(Resumption.of(still, List.of(CallDecision.always("1"))));
        RunResult second = agent.run(first.messages(), "Deploy again");

        assertThat(first.success()).isTrue();
        assertThat(second.success()).as("the rule 'always' added covers the next call").isTrue();
        assertThat(deploy.calls()).hasSize(2);
    }

    @Test
    void goingOnWithANewTaskDeniesTheCallsNoOneDecidedOnAndAddsTheTaskAfterTheirResults() {
        ScriptedChatModel model = ScriptedChatModel.script().toolCalls(call("1", "deploy")).answer("Fine.").build();
        Agent agent = agent(model, RunJournal.NONE);
        RunResult paused = agent.run("Deploy");

        RunResult result = agent.resume(new Resumption(paused.messages(), paused.openTurn(), List.of(),
                Optional.of("Never mind, just say fine")));

        assertThat(deploy.calls()).isEmpty();
        List<Message> sent = model.requests().get(1).messages();
        assertThat(sent.get(sent.size() - 2)).isInstanceOfSatisfying(ToolMessage.class, tool -> assertThat(
                tool.results()).singleElement().satisfies(r -> assertThat(r.content())
                .contains("the user went on without approving")));
        assertThat(sent.getLast()).isEqualTo(UserMessage.of("Never mind, just say fine"));
        assertThat(result.success()).isTrue();
    }

    @Test
    void afterACrashAStartedCallIsReportedInterruptedUnlessItsToolIsSafeToRepeatAndTheRestRun() {
        ScriptedChatModel model = ScriptedChatModel.script().answer("Went on.").build();
        Agent agent = Agent.builder().model(model).tools(deploy, look).workspace(SandboxWorkspace.of(root))
                .permissions(PermissionPolicy.of(List.of("deploy"), List.of(), List.of())).build();
        ToolCall done = call("a", "deploy");
        ToolCall started = call("b", "deploy");
        ToolCall startedRead = call("c", "look");
        ToolCall notStarted = call("d", "deploy");
        AssistantMessage turn = new AssistantMessage(List.of(done, started, startedRead, notStarted), Usage.ZERO,
                StopReason.TOOL_CALLS);
        Instant at = Instant.parse("2026-11-26T00:00:00Z");
        OpenTurn open = new OpenTurn(turn, List.of(
                new CallProgress(done, CallProgress.Stage.FINISHED, Optional.of(new ToolResultBlock("a", "deploy",
                        "deployed before the crash", false)), Optional.empty(), Optional.empty(), at),
                new CallProgress(started, CallProgress.Stage.STARTED, Optional.empty(), Optional.empty(),
                        Optional.empty(), at),
                new CallProgress(startedRead, CallProgress.Stage.STARTED, Optional.empty(), Optional.empty(),
                        Optional.empty(), at),
                CallProgress.notStarted(notStarted, at)));

        RunResult result = agent.resume(new Resumption(List.of(UserMessage.of("Deploy")), Optional.of(open),
                List.of(), Optional.empty()));

        assertThat(result.success()).isTrue();
        assertThat(deploy.calls()).as("only the call that never started runs").hasSize(1);
        assertThat(look.calls()).as("a read-only call is safe to repeat").hasSize(1);
        ToolMessage results = (ToolMessage) model.requests().getFirst().messages().getLast();
        assertThat(results.results()).extracting(ToolResultBlock::content).containsExactly(
                "deployed before the crash",
                "Error (interrupted): interrupted: the run stopped while this tool call was running, and it was not "
                        + "run again. Check what it may have done before calling it again.",
                "seen", "deployed");
    }

    @Test
    void aModelCallThatDidNotFinishIsMadeAgainAndAnAnsweredConversationHasNothingToGoOnWith() {
        ScriptedChatModel model = ScriptedChatModel.script().answer("Hello again.").build();
        Agent agent = agent(model, RunJournal.NONE);

        RunResult result = agent.resume(new Resumption(List.of(UserMessage.of("Say hello")), Optional.empty(),
                List.of(), Optional.empty()));

        assertThat(result.text()).isEqualTo("Hello again.");
        assertThatThrownBy(() -> agent.resume(new Resumption(result.messages(), Optional.empty(), List.of(),
                Optional.empty()))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("nothing to go on with").hasMessageContaining("give a new task");
    }

    @Test
    void everyCallIsOnRecordBeforeItStartsAndItsOutcomeAfterItEnds() {
        List<String> record = Collections.synchronizedList(new ArrayList<>());
        FakeTool watched = FakeTool.named("watched").readOnly().returning(text -> {
            record.add("ran");
            return "ok";
        });
        ScriptedChatModel model = ScriptedChatModel.script().toolCalls(call("w", "watched"), call("d", "deploy"))
                .answer("Done.").build();
        RunJournal journal = new RunJournal() {
            @Override
            public void input(List<Message> messages) {
                record.add("input " + messages.size());
            }

            @Override
            public void turn(AssistantMessage turn) {
                record.add("turn " + turn.toolCalls().size());
            }

            @Override
            public void started(ToolCall call) {
                record.add("started " + call.id());
            }

            @Override
            public void finished(ToolCall call, ToolResult result) {
                record.add("finished " + call.id());
            }

            @Override
            public void pending(PendingCall call) {
                record.add("pending " + call.call().id());
            }

            @Override
            public void compacted(List<Message> conversation) {
                record.add("compacted");
            }

            @Override
            public void ended(RunResult result, String agent) {
                record.add("ended " + result.reason().orElseThrow());
            }
        };

        Agent.builder().model(model).tools(watched, deploy).workspace(SandboxWorkspace.of(root)).journal(journal)
                .permissions(PermissionPolicy.defaults())
                .build().run("Watch and deploy");

        assertThat(record).containsExactly("input 1", "turn 2", "started w", "ran", "finished w", "started d",
                "pending d", "ended AWAITING_APPROVAL");
    }
}
