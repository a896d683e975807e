package io.agentloop.temporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentloop.api.message.ToolCall;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.core.Agent;
import io.agentloop.core.loop.LoopSettings;
import io.agentloop.core.permission.PermissionGate;
import io.agentloop.core.permission.PermissionMode;
import io.agentloop.core.permission.PermissionPolicy;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A steps worker holds a run's terms to its own mode: a run whose decisions were taken by workers
 * started wider ({@code --role decisions --yes}) gets no more on a steps worker in ask than that
 * worker lets run, neither by its mode nor by its client's allow rules.
 */
class StepPermissionsTest {
    final CountingTool deploy = CountingTool.changingHolding("deploy", 0);
    final ToolCall call = ToolCall.of("call-1", "deploy", "{\"n\":1}");

    private LoopSettings worker(PermissionMode mode) {
        return Agent.builder().name("default").model(Rounds.model()).tools(deploy)
                .permissions(PermissionPolicy.defaults().withMode(mode)).build().settings();
    }

    private PermissionGate.Admission admit(LoopSettings settings) {
        return settings.permissions().admit(deploy, ToolArguments.of(Map.of("n", 1)), settings.workspace(), false,
                waiting -> { });
    }

    @Test
    void aRunsModeWiderThanTheStepsWorkersIsRefusedSayingWhatToDo() {
        assertThatThrownBy(() -> StepPermissions.permitted(Wire.read("{\"mode\": \"yes\"}"), call,
                worker(PermissionMode.ASK)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("mode yes is wider than this steps worker allows (ask)")
                .hasMessageContaining("start the steps workers in a wider mode");
    }

    @Test
    void theClientsAllowRulesLetNothingRunThatTheStepsWorkerWouldAskFor() {
        LoopSettings settings = StepPermissions.permitted(Wire.read("{\"mode\": \"ask\", \"allow\": [\"deploy\"],"
                + " \"remember\": [\"deploy\"]}"), call, worker(PermissionMode.ASK));

        assertThat(admit(settings)).as("asks, with no one here to answer")
                .isInstanceOf(PermissionGate.Admission.Unanswered.class);
    }

    @Test
    void theClientsAllowRulesHoldWithinWhatTheStepsWorkerAllows() {
        LoopSettings settings = StepPermissions.permitted(Wire.read("{\"mode\": \"ask\", \"allow\": [\"deploy\"]}"),
                call, worker(PermissionMode.YES));

        assertThat(admit(settings)).isInstanceOf(PermissionGate.Admission.Allowed.class);
        assertThat(admit(StepPermissions.permitted(Wire.read("{\"mode\": \"ask\"}"), call, worker(PermissionMode.YES))))
                .as("the run's own mode, narrower than the worker's").isInstanceOf(PermissionGate.Admission.Unanswered.class);
    }
}
