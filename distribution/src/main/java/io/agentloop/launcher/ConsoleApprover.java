package io.agentloop.launcher;

import io.agentloop.api.permission.Approval;
import io.agentloop.api.permission.ApprovalRequest;
import io.agentloop.api.permission.Approver;
import io.agentloop.core.text.TerminalText;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Asks the person at the terminal about a tool call the rules ask about: once, always (for the
 * pattern shown), or no. Anything but a yes is a no, and so is the end of the input. "Always" is
 * kept for later runs too ({@link ApprovedRules}), as {@code agentloop approve --always} keeps it.
 */
final class ConsoleApprover implements Approver {
    private final PrintWriter out;
    private final Supplier<String> answers;
    private final Consumer<List<String>> remember;

    /**
     * @param remember keeps the rules of an "always" for later runs; what it throws is reported and
     *                 the rules then hold for this run only
     */
    ConsoleApprover(PrintWriter out, Supplier<String> answers, Consumer<List<String>> remember) {
        this.out = out;
        this.answers = answers;
        this.remember = remember;
    }

    /** Keeps an "always" in the approved rules of {@code workspace}. */
    static Consumer<List<String>> keptIn(ApprovedRules approved, Path workspace) {
        return rules -> approved.add(workspace, rules);
    }

    @Override
    public Approval approve(ApprovalRequest request) {
        out.println();
        // what the model chose is shown, never obeyed: an escape sequence could hide the command asked about
        out.println("agentloop: " + TerminalText.printable(request.toolName()) + " needs your approval:");
        request.reasons().forEach(reason -> out.println("    " + TerminalText.printable(reason)));
        out.print("  Allow? [y] once, [a] always (" + TerminalText.printable(String.join(", ", request.rememberAs()))
                + "), [n] no: ");
        out.flush();
        String answer = answers.get();
        String a = answer == null ? "" : answer.strip().toLowerCase(Locale.ROOT);
        Approval approval = switch (a) {
            case "y", "yes" -> Approval.ALLOW_ONCE;
            case "a", "always" -> Approval.ALLOW_ALWAYS;
            default -> Approval.DENY;
        };
        out.println(approval == Approval.DENY ? "  denied" : "  allowed");
        if (approval == Approval.ALLOW_ALWAYS && !request.rememberAs().isEmpty()) {
            try {
                remember.accept(request.rememberAs());
                out.println("  kept for later runs in this workspace");
            } catch (RuntimeException e) {
                out.println("  allowed for this run only: the rule could not be kept (" + e.getMessage() + ")");
            }
        }
        out.flush();
        return approval;
    }
}
