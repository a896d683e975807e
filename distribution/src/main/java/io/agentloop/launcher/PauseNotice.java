package io.agentloop.launcher;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.run.PendingCall;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.core.text.TerminalText;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * What the launcher tells a person when no one could approve a call: the line a paused run ends
 * with on standard error (which calls wait and how to go on), and the advice after a sub-agent's
 * call was refused for want of an approver. The core speaks to a library user; the flags, commands
 * and configuration keys named here are the launcher's own.
 */
final class PauseNotice {
    /** What lets such calls run without anyone answering, in the launcher's words. */
    static final String MODES = "--mode edit for edits, --mode auto for commands in the sandbox, --yes for everything";

    /** How much of a call's arguments the line shows. */
    private static final int SHOWN = 60;

    private PauseNotice() {
    }

    /**
     * The one line for a run that paused with {@code pending} calls: with a session, how to decide
     * and go on; without one, that it cannot be continued and what would let such calls run.
     */
    static String line(List<PendingCall> pending, Optional<String> session, UnaryOperator<String> redact) {
        return head("run", pending, redact) + session.map(id -> "Decide with agentloop approve " + id
                + " or agentloop deny " + id + " (agentloop approvals lists every waiting call), then go on: "
                + "agentloop run --resume " + id)
                .orElseGet(() -> "Without a session (--no-session) this run cannot be continued. " + rule(pending));
    }

    /**
     * The line for a chat turn that paused: the chat goes on, and its next message denies what
     * waits; deciding instead means leaving the chat (it holds the session) first.
     */
    static String inChat(List<PendingCall> pending, Optional<String> session, UnaryOperator<String> redact) {
        return head("turn", pending, redact) + "Your next message goes on without them (they are denied). "
                + session.map(id -> "To decide on them instead, leave the chat, then agentloop approve " + id
                        + " or agentloop deny " + id + ", and agentloop chat --resume " + id)
                .orElseGet(() -> rule(pending));
    }

    private static String head(String what, List<PendingCall> pending, UnaryOperator<String> redact) {
        return "agentloop: the " + what + " paused: " + pending.size() + " tool call" + (pending.size() == 1
                ? " waits" : "s wait") + " for approval: " + String.join(", ", pending.stream()
                .map(p -> shown(p.call(), redact)).toList()) + ". ";
    }

    private static String rule(List<PendingCall> pending) {
        return "To let such calls run, allow them with a rule such as " + pending.stream()
                .flatMap(p -> p.rememberAs().stream()).findFirst()
                .or(() -> pending.stream().map(p -> p.call().name()).findFirst()).orElse("tool(pattern)")
                + " in permissions.allow, or choose a permission mode that lets them (" + MODES + ")";
    }

    /** {@code tool {arguments...}}: secrets masked, then cut short, escape sequences shown rather than obeyed. */
    static String shown(ToolCall call, UnaryOperator<String> redact) {
        String arguments = redact.apply(call.arguments().strip());
        if (arguments.codePointCount(0, arguments.length()) > SHOWN) {
            arguments = arguments.substring(0, arguments.offsetByCodePoints(0, SHOWN - 3)) + "...";
        }
        return TerminalText.printable(call.name() + (arguments.isEmpty() ? "" : " " + arguments));
    }

    /**
     * Whether {@code event} is a sub-agent's tool call refused by the permissions: with no one to
     * approve, a sub-agent's call that asks is refused rather than paused (its parent's run waits on
     * its answer), so the person needs the launcher's advice on letting such calls run.
     */
    static boolean subAgentDenial(AgentEvent event) {
        return event instanceof AgentEvent.SubAgent sub && (sub.event() instanceof AgentEvent.SubAgent
                ? subAgentDenial(sub.event())
                : sub.event() instanceof AgentEvent.ToolCallCompleted completed
                        && completed.result() instanceof ToolResult.Failure failure
                        && failure.code().equals(ToolResult.Failure.DENIED));
    }

    /** The advice after a sub-agent's call was refused in a run no one can approve in. */
    static String subAgentAdvice() {
        return "agentloop: a sub-agent's tool call was refused (the reason is in its tool line); no one can approve "
                + "in this run, and a sub-agent cannot pause for it. To let such calls run, add a rule to "
                + "permissions.allow or choose a permission mode that lets them (" + MODES + ")";
    }
}
