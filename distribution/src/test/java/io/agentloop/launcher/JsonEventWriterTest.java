package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.ContentBlock;
import io.agentloop.api.message.StopReason;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.message.Usage;
import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.CallProgress;
import io.agentloop.api.run.OpenTurn;
import io.agentloop.api.run.PendingCall;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code --json}'s {@code run_completed} line. */
class JsonEventWriterTest {
    private static final Instant AT = Instant.parse("2026-01-01T00:00:00Z");

    private static JsonNode completed(RunResult result) {
        StringWriter out = new StringWriter();
        new JsonEventWriter(new PrintWriter(out), text -> text.replace("sk-live-0123456789", "[REDACTED]"))
                .onEvent(new AgentEvent.RunCompleted(result));
        return JsonMapper.builder().build().readTree(out.toString());
    }

    private static RunResult ended(TerminalReason reason, Optional<OpenTurn> openTurn) {
        return new RunResult("run-1", AgentState.COMPLETED, Optional.of(reason), Optional.empty(), List.of(), 1,
                List.of(), Usage.ZERO, Duration.ZERO, Optional.empty(), Optional.empty(), openTurn);
    }

    @Test
    void aPausedRunCarriesItsPendingCallsWithMaskedArgumentsAndReasons() {
        ToolCall read = ToolCall.of("call_1", "read", "{\"path\":\"a.txt\"}");
        ToolCall bash = ToolCall.of("call_2", "bash", "{\"command\":\"deploy --key sk-live-0123456789\"}");
        OpenTurn open = new OpenTurn(new AssistantMessage(List.<ContentBlock>of(read, bash), Usage.ZERO,
                StopReason.TOOL_CALLS), List.of(
                new CallProgress(read, CallProgress.Stage.FINISHED, Optional.of(new ToolResultBlock("call_1", "read",
                        "text", false)), Optional.empty(), Optional.empty(), AT),
                new CallProgress(bash, CallProgress.Stage.PENDING, Optional.empty(), Optional.of(new PendingCall(bash,
                        List.of("bash: deploy --key sk-live-0123456789"), List.of("bash(deploy *)"))),
                        Optional.empty(), AT)));

        JsonNode line = completed(ended(TerminalReason.AWAITING_APPROVAL, Optional.of(open)));

        assertThat(line.path("type").asString()).isEqualTo("run_completed");
        assertThat(line.path("reason").asString()).isEqualTo("AWAITING_APPROVAL");
        assertThat(line.path("pending")).hasSize(1);
        JsonNode pending = line.path("pending").path(0);
        assertThat(pending.path("id").asString()).isEqualTo("call_2");
        assertThat(pending.path("tool").asString()).isEqualTo("bash");
        assertThat(pending.path("arguments").asString()).isEqualTo("{\"command\":\"deploy --key [REDACTED]\"}");
        assertThat(pending.path("reasons")).extracting(JsonNode::asString)
                .containsExactly("bash: deploy --key [REDACTED]");
        assertThat(pending.path("remember_as")).extracting(JsonNode::asString).containsExactly("bash(deploy *)");
    }

    @Test
    void aRunThatDidNotPauseHasNoPendingField() {
        assertThat(completed(ended(TerminalReason.ANSWERED, Optional.empty())).has("pending")).isFalse();
    }
}
