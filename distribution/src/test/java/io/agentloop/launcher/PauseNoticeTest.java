package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.run.PendingCall;
import io.agentloop.api.tool.ToolResult;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** The line a paused run or chat turn ends with, and the advice after a sub-agent's call was refused. */
class PauseNoticeTest {
    private static final UnaryOperator<String> MASK = text -> text.replace("sk-live-0123456789", "[REDACTED]");

    private static PendingCall pending(String id, String tool, String arguments, String rule) {
        return new PendingCall(ToolCall.of(id, tool, arguments), List.of(tool + ": asks"), List.of(rule));
    }

    @Test
    void aPausedRunWithASessionNamesTheCallsAndHowToDecideAndGoOn() {
        String line = PauseNotice.line(List.of(pending("c1", "write", "{\"path\":\"notes.txt\"}", "write(notes.txt)"),
                pending("c2", "bash", "{\"command\":\"echo hi\"}", "bash(echo hi)")), Optional.of("s-42"), MASK);

        assertThat(line).isEqualTo("agentloop: the run paused: 2 tool calls wait for approval: write "
                + "{\"path\":\"notes.txt\"}, bash {\"command\":\"echo hi\"}. Decide with agentloop approve s-42 or "
                + "agentloop deny s-42 (agentloop approvals lists every waiting call), then go on: agentloop run "
                + "--resume s-42");
    }

    @Test
    void withoutASessionTheLineSaysTheRunCannotGoOnAndWhatWouldLetSuchCallsRun() {
        String line = PauseNotice.line(List.of(pending("c1", "bash", "{\"command\":\"make\"}", "bash(make)")),
                Optional.empty(), MASK);

        assertThat(line).startsWith("agentloop: the run paused: 1 tool call waits for approval: bash {\"command\":\"make\"}. ")
                .contains("Without a session (--no-session) this run cannot be continued")
                .contains("a rule such as bash(make) in permissions.allow")
                .contains("--mode edit for edits, --mode auto for commands in the sandbox, --yes for everything")
                .doesNotContain("agentloop approve");
    }

    @Test
    void argumentsAreMaskedThenCutShortAndEscapeSequencesAreShownNotObeyed() {
        String shown = PauseNotice.shown(ToolCall.of("c1", "bash", "{\"command\":\"curl -H 'key: sk-live-0123456789' "
                + "https://example.org/a/very/long/path/that/goes/on\"}"), MASK);
        assertThat(shown).startsWith("bash {\"command\":\"curl -H 'key: [REDACTED]'").endsWith("...")
                .doesNotContain("sk-live").hasSize("bash ".length() + 60);

        assertThat(PauseNotice.shown(ToolCall.of("c2", "bash", "{\"command\":\"echo \u001b[2Jx\"}"), MASK))
                .doesNotContain("\u001b");
    }

    @Test
    void aPausedChatTurnSaysTheNextMessageGoesOnWithoutTheCalls() {
        String line = PauseNotice.inChat(List.of(pending("c1", "bash", "{\"command\":\"make\"}", "bash(make)")),
                Optional.of("s-7"), MASK);

        assertThat(line).startsWith("agentloop: the turn paused: 1 tool call waits for approval: ")
                .contains("Your next message goes on without them (they are denied)")
                .contains("leave the chat, then agentloop approve s-7 or agentloop deny s-7, and agentloop chat --resume s-7");
    }

    @Test
    void aSubAgentsDeniedCallIsToldApartFromItsOtherEventsAndFromTheParentsOwn() {
        AgentEvent denied = new AgentEvent.ToolCallCompleted("c1", "bash", false, Duration.ZERO,
                new ToolResult.Failure(ToolResult.Failure.DENIED, "needs approval"));
        AgentEvent failed = new AgentEvent.ToolCallCompleted("c1", "bash", false, Duration.ZERO,
                new ToolResult.Failure("io_error", "disk"));

        assertThat(PauseNotice.subAgentDenial(new AgentEvent.SubAgent("r", "r-1", "run-2", "run-1", denied))).isTrue();
        assertThat(PauseNotice.subAgentDenial(new AgentEvent.SubAgent("r", "r-1", "run-3", "run-2",
                new AgentEvent.SubAgent("s", "s-1", "run-2", "run-1", denied)))).as("a sub-agent's sub-agent").isTrue();
        assertThat(PauseNotice.subAgentDenial(new AgentEvent.SubAgent("r", "r-1", "run-2", "run-1", failed))).isFalse();
        assertThat(PauseNotice.subAgentDenial(denied)).as("the parent's own call pauses instead").isFalse();
        assertThat(PauseNotice.subAgentAdvice()).contains("permissions.allow").contains(PauseNotice.MODES);
    }
}
