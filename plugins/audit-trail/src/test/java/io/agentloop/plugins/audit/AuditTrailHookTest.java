package io.agentloop.plugins.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.message.ToolCall;
import io.agentloop.core.Agent;
import io.agentloop.core.permission.PermissionPolicy;
import io.agentloop.core.secret.SecretRedactor;
import io.agentloop.core.workspace.SandboxWorkspace;
import io.agentloop.testkit.FakeTool;
import io.agentloop.testkit.ScriptedChatModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AuditTrailHookTest {
    static final String PLANTED_ENV = "planted-deploy-value-5521";
    static final String PLANTED_SHAPE = "sk-proj-PlantedKeyShape0123456789";
    static final String PLANTED_NAMED = "hunter2-planted-password";

    @TempDir
    Path folder;

    @Test
    void theTrailHoldsNoPlantedSecretAndOnlyItsOwnerCanReadIt() throws Exception {
        Path file = folder.resolve("data/agentloop/audit.jsonl");
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(ToolCall.of("1", "deploy", "{\"token\":\"" + PLANTED_ENV + "\",\"key\":\"" + PLANTED_SHAPE
                        + "\",\"note\":\"password=" + PLANTED_NAMED + "\"}"))
                .answer("done").build();
        FakeTool deploy = FakeTool.named("deploy").returning("used " + PLANTED_ENV + " and " + PLANTED_SHAPE
                + " with password: " + PLANTED_NAMED);

        Agent.builder().model(model).tools(deploy).hooks(new AuditTrailHook(file))
                .workspace(SandboxWorkspace.of(folder)).permissions(PermissionPolicy.of(List.of("deploy"), List.of(),
                        List.of()))
                .secretMask(SecretRedactor.forToolResults(Map.of("DEPLOY_TOKEN", PLANTED_ENV))).build().run("Deploy");

        String trail = Files.readString(file);
        assertThat(trail).contains("\"tool\":\"deploy\"").contains("[REDACTED]")
                .doesNotContain(PLANTED_ENV).doesNotContain(PLANTED_SHAPE).doesNotContain(PLANTED_NAMED);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())))
                .isEqualTo("rwx------");
    }

    @Test
    void aTrailOthersCouldReadIsMadePrivate() throws Exception {
        Path file = folder.resolve("audit.jsonl");
        Files.writeString(file, "");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        ScriptedChatModel model = ScriptedChatModel.script().toolCalls(ToolCall.of("1", "lookup", "{}"))
                .answer("done").build();

        Agent.builder().model(model).tools(FakeTool.named("lookup").readOnly().returning("ok"))
                .hooks(new AuditTrailHook(file)).workspace(SandboxWorkspace.of(folder)).build().run("Look");

        assertThat(Files.readAllLines(file)).hasSize(1);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
    }
}
