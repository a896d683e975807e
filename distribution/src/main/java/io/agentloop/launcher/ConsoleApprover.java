package io.agentloop.launcher;

import io.agentloop.api.permission.Approval;
import io.agentloop.api.permission.ApprovalRequest;
import io.agentloop.api.permission.Approver;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * Asks the person at the terminal about a tool call the rules ask about: once, always (for the
 * pattern shown), or no. Anything but a yes is a no, and so is the end of the input.
 */
final class ConsoleApprover implements Approver {
    private final PrintWriter out;
    private final Supplier<String> answers;

    ConsoleApprover(PrintWriter out, Supplier<String> answers) {
        this.out = out;
        this.answers = answers;
    }

    @Override
    public Approval approve(ApprovalRequest request) {
        out.println();
        // what the model chose is shown, never obeyed: an escape sequence could hide the command asked about
        out.println("agentloop: " + Style.printable(request.toolName()) + " needs your approval:");
        request.reasons().forEach(reason -> out.println("    " + Style.printable(reason)));
        out.print("  Allow? [y] once, [a] always (" + Style.printable(String.join(", ", request.rememberAs()))
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
        out.flush();
        return approval;
    }
}
