package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.permission.Approval;
import io.agentloop.api.permission.ApprovalRequest;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Answers at the terminal; "always" is kept for later runs in the workspace. */
class ConsoleApproverTest {
    @TempDir
    Path folder;

    private final StringWriter shown = new StringWriter();

    private static ApprovalRequest request() {
        return new ApprovalRequest("bash", "{\"command\":\"make test\"}", List.of("bash: make test"),
                List.of("bash(make test)"));
    }

    @Test
    void alwaysKeepsTheRulesForLaterRunsInThisWorkspaceAndOnceKeepsNothing() {
        ApprovedRules approved = new ApprovedRules(folder.resolve("approved-rules"));
        Path workspace = folder.resolve("project");

        Approval once = new ConsoleApprover(new PrintWriter(shown), () -> "y", ConsoleApprover.keptIn(approved, workspace))
                .approve(request());
        assertThat(once).isEqualTo(Approval.ALLOW_ONCE);
        assertThat(approved.rules(workspace)).isEmpty();

        Approval always = new ConsoleApprover(new PrintWriter(shown), () -> "a", ConsoleApprover.keptIn(approved,
                workspace)).approve(request());
        assertThat(always).isEqualTo(Approval.ALLOW_ALWAYS);
        assertThat(approved.rules(workspace)).containsExactly("bash(make test)");
        assertThat(approved.rules(folder.resolve("elsewhere"))).as("another workspace").isEmpty();
        assertThat(shown.toString()).contains("kept for later runs in this workspace");
    }

    @Test
    void aRuleThatCannotBeKeptStillHoldsForThisRunAndSaysSo() throws IOException {
        Path notAFolder = Files.writeString(folder.resolve("file"), "x");
        ApprovedRules approved = new ApprovedRules(notAFolder.resolve("approved-rules"));

        Approval always = new ConsoleApprover(new PrintWriter(shown), () -> "always",
                ConsoleApprover.keptIn(approved, folder)).approve(request());

        assertThat(always).isEqualTo(Approval.ALLOW_ALWAYS);
        assertThat(shown.toString()).contains("allowed for this run only: the rule could not be kept (cannot ")
                .contains(notAFolder.resolve("approved-rules").toString());
    }
}
