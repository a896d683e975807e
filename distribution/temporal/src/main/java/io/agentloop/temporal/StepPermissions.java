package io.agentloop.temporal;

import io.agentloop.api.message.ToolCall;
import io.agentloop.api.permission.Decision;
import io.agentloop.core.loop.LoopSettings;
import io.agentloop.core.permission.PermissionGate;
import io.agentloop.core.permission.PermissionMode;
import io.agentloop.core.permission.PermissionPolicy;
import io.agentloop.core.tool.ArgumentParser;
import io.agentloop.core.tool.ToolSet;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The permission gate a steps worker carries a tool call out under. The run's terms (its client's
 * mode and allow rules) were checked by the workflow against the mode of the workers that run the
 * decisions, which may be wider than this worker's own ({@code --role decisions --yes} beside
 * {@code --role steps} in ask): so the steps worker bounds them again by its own policy, and a client
 * never gets more here than this worker lets run.
 */
final class StepPermissions {
    private StepPermissions() {
    }

    /**
     * The agent's settings with a gate of the run's own: the client's mode, within this worker's, and
     * the allow rules (the client's, and those said "always" to in the run) for a call this worker's
     * own policy lets run without asking; the worker's deny and ask rules still win. A step without
     * terms (a run started before they were sent) uses the worker's gate.
     *
     * @throws IllegalArgumentException when the run's mode is wider than this worker's, saying what to do
     */
    static LoopSettings permitted(JsonNode step, ToolCall call, LoopSettings settings) {
        if (!step.has("mode") && !step.has("allow") && !step.has("remember")) {
            return settings;
        }
        PermissionPolicy own = settings.permissions().policy();
        PermissionPolicy policy = own;
        if (step.has("mode")) {
            try {
                policy = own.withMode(PermissionMode.parse(step.get("mode").asString())
                        .within(own.mode(), "this steps worker allows"));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(e.getMessage() + "; or start the steps workers in a wider mode");
            }
        }
        PermissionGate gate = new PermissionGate(policy, Optional.empty());
        if (allowedByOwn(own, call, settings)) {
            gate.remember(Wire.strings(step.path("allow")));
            gate.remember(Wire.strings(step.path("remember")));
        }
        return settings.withPermissions(gate);
    }

    /** Whether this worker's own policy lets the call run without asking (a call it cannot read: no). */
    private static boolean allowedByOwn(PermissionPolicy own, ToolCall call, LoopSettings settings) {
        ToolSet.Entry entry = settings.tools().get(call.name());
        if (entry == null) {
            return false;
        }
        try {
            return entry.arguments().parse(call.arguments()) instanceof ArgumentParser.Parsed.Valid valid
                    && own.judge(entry.tool(), entry.tool().accesses(valid.arguments()), settings.workspace())
                    .decision() == Decision.ALLOW;
        } catch (RuntimeException e) {
            return false; // the gate judges the call again, and says what is wrong with it
        }
    }
}
