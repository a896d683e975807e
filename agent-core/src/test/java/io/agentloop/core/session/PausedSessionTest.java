package io.agentloop.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.message.ToolCall;
import io.agentloop.api.run.CallDecision;
import io.agentloop.api.run.CallProgress;
import io.agentloop.api.run.Resumption;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.session.Session;
import io.agentloop.api.session.SessionInfo;
import io.agentloop.api.session.SessionWriter;
import io.agentloop.core.Agent;
import io.agentloop.core.permission.PermissionPolicy;
import io.agentloop.core.workspace.SandboxWorkspace;
import io.agentloop.testkit.FakeTool;
import io.agentloop.testkit.ScriptedChatModel;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run that paused is on record call by call, and goes on from the record alone in another writer. */
class PausedSessionTest {
    @TempDir
    Path root;

    @Test
    void aPausedRunsSessionHoldsItsPendingCallAndGoesOnFromTheRecordWithADecision() {
        FileSessionStore store = new FileSessionStore(root.resolve("sessions"));
        FakeTool look = FakeTool.named("look").readOnly().returning("seen");
        FakeTool deploy = FakeTool.named("deploy").returning("deployed");
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(ToolCall.of("l", "look", "{}"), ToolCall.of("d", "deploy", "{}")).answer("Deployed.").build();
        SessionInfo info = store.create("deploy");
        RunResult paused;
        try (SessionWriter writer = store.open(info.id())) {
            paused = Agent.builder().model(model).tools(look, deploy).workspace(SandboxWorkspace.of(root))
                    .permissions(PermissionPolicy.defaults())
                    .journal(new SessionRecorder(writer, 0, 0)).build().run("Look, then deploy");
        }
        assertThat(paused.awaitingApproval()).isTrue();

        Session saved = store.load(info.id()).orElseThrow();

        assertThat(saved.openTurn()).hasValueSatisfying(open -> assertThat(open.calls())
                .extracting(CallProgress::stage).containsExactly(CallProgress.Stage.FINISHED, CallProgress.Stage.PENDING));
        try (SessionWriter writer = store.open(info.id())) {
            writer.callDecided(CallDecision.approve("d"));
        }
        Session decided = store.load(info.id()).orElseThrow();
        RunResult result;
        try (SessionWriter writer = store.open(info.id())) {
            result = Agent.builder().model(model).tools(look, deploy).workspace(SandboxWorkspace.of(root))
                    .permissions(PermissionPolicy.defaults())
                    .journal(new SessionRecorder(writer, decided.messages().size(), decided.checkpoints().size()))
                    .build().resume(new Resumption(decided.messages(), decided.openTurn(), List.of(),
                            java.util.Optional.empty()));
        }

        assertThat(result.success()).isTrue();
        assertThat(deploy.calls()).hasSize(1);
        assertThat(look.calls()).hasSize(1);
        Session after = store.load(info.id()).orElseThrow();
        assertThat(after.openTurn()).isEmpty();
        assertThat(after.messages()).hasSize(4);
    }
}
