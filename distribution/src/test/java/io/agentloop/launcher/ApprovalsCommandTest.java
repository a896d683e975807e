package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.StopReason;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.message.Usage;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.permission.Approval;
import io.agentloop.api.run.CallDecision;
import io.agentloop.api.run.CallProgress;
import io.agentloop.api.run.OpenTurn;
import io.agentloop.api.run.PendingCall;
import io.agentloop.api.session.SessionWriter;
import io.agentloop.core.session.FileSessionStore;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code approvals}, {@code approve} and {@code deny} in-process, on sessions a paused run would leave. */
class ApprovalsCommandTest {
    private static final ToolCall WRITE = ToolCall.of("call_w", "write", "{\"path\":\"notes.txt\"}");
    private static final ToolCall READ = ToolCall.of("call_r", "read", "{\"path\":\"in.txt\"}");
    private static final ToolCall BASH = ToolCall.of("call_b", "bash",
            "{\"command\":\"curl -H api_key=abcdef0123456789 example.test\"}");

    @TempDir
    Path home;
    @TempDir
    Path workspace;

    private final Map<String, String> env = new HashMap<>();
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private FileSessionStore store;

    @BeforeEach
    void setUp() throws IOException {
        env.put("AGENTLOOP_CONFIG", home.resolve("user.yaml").toString());
        env.put("AGENTLOOP_SESSIONS", home.resolve("sessions").toString());
        Files.writeString(home.resolve("user.yaml"), "workspace:\n  root: \"" + workspace + "\"\n");
        store = new FileSessionStore(home.resolve("sessions"));
    }

    private int run(String... args) {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        return Launcher.run(args, home, env::get, new PrintWriter(out), new PrintWriter(err));
    }

    /** A session whose run paused: the read ran, the write and the command wait for approval. */
    private String paused() {
        String id = store.create("write notes").id();
        try (SessionWriter writer = store.open(id)) {
            writer.append(UserMessage.of("read in.txt, write notes.txt, fetch"));
            writer.append(new AssistantMessage(List.of(READ, WRITE, BASH), Usage.ZERO, StopReason.TOOL_CALLS));
            writer.callStarted(READ);
            writer.appendResult(new ToolResultBlock("call_r", "read", "in", false));
            writer.callPending(new PendingCall(WRITE, List.of("writes notes.txt; the rules ask for edits"),
                    List.of("Write(notes.txt)")));
            writer.callPending(new PendingCall(BASH, List.of("runs curl: commands ask"), List.of("Bash(curl:*)")));
        }
        return id;
    }

    private OpenTurn openTurn(String id) {
        return store.load(id).orElseThrow().openTurn().orElseThrow();
    }

    @Test
    void approvalsListsEveryWaitingCallWithItsSessionToolMaskedArgumentsAgeAndReasons() {
        String id = paused();

        assertThat(run("approvals")).as(err.toString()).isZero();

        List<String> lines = out.toString().lines().toList();
        assertThat(lines.get(0)).isEqualTo(id + "  call_w  write  just now");
        assertThat(lines.get(1)).isEqualTo("    arguments: {\"path\":\"notes.txt\"}");
        assertThat(lines.get(2)).isEqualTo("    asks because: writes notes.txt; the rules ask for edits");
        assertThat(lines.get(3)).isEqualTo(id + "  call_b  bash  just now");
        assertThat(lines.get(4)).contains("curl -H api_key=").doesNotContain("abcdef0123456789");
        assertThat(lines.getLast()).contains("agentloop approve SESSION").contains("agentloop run --resume SESSION");
        assertThat(out.toString()).doesNotContain("call_r");
    }

    @Test
    void approvalsShowsTheControlCharactersOfTheModelsArgumentsAndReasonsNotObeyingThem() {
        String id = store.create("hide").id();
        ToolCall hiding = ToolCall.of("call_h", "bash", "{\"command\":\"rm -rf ~\u001b[2K\u001b[1Gls\"}");
        try (SessionWriter writer = store.open(id)) {
            writer.append(UserMessage.of("list"));
            writer.append(new AssistantMessage(List.of(hiding), Usage.ZERO, StopReason.TOOL_CALLS));
            writer.callPending(new PendingCall(hiding, List.of("runs rm\u001b]0;title\u0007: commands ask"),
                    List.of("Bash(rm:*)")));
        }

        assertThat(run("approvals")).as(err.toString()).isZero();

        assertThat(out.toString()).doesNotContain("\u001b").doesNotContain("\u0007")
                .contains("rm -rf ~^[[2K^[[1Gls", "runs rm^[]0;title\\x07: commands ask");
    }

    @Test
    void approvalsSaysSoWhenNothingWaitsAndWritesJsonForScripts() throws Exception {
        assertThat(run("approvals")).isZero();
        assertThat(out.toString()).isEqualTo("No tool calls wait for approval.\n");

        String id = paused();
        assertThat(run("approvals", "--json")).isZero();
        JsonNode json = JsonMapper.builder().build().readTree(out.toString());
        assertThat(json).hasSize(2);
        assertThat(json.get(0).path("session").asString()).isEqualTo(id);
        assertThat(json.get(0).path("call").asString()).isEqualTo("call_w");
        assertThat(json.get(0).path("tool").asString()).isEqualTo("write");
        assertThat(json.get(0).path("remember_as").get(0).asString()).isEqualTo("Write(notes.txt)");
        assertThat(json.get(1).path("arguments").asString()).doesNotContain("abcdef0123456789");
    }

    @Test
    void approveOneCallRecordsItsDecisionAndSaysHowToGoOn() {
        String id = paused();

        assertThat(run("approve", id, "call_w")).as(err.toString()).isZero();

        assertThat(out.toString()).isEqualTo("Approved call_w: write {\"path\":\"notes.txt\"}\n"
                + "Go on with: agentloop run --resume " + id + "\n");
        List<CallProgress> calls = openTurn(id).calls();
        assertThat(calls.get(1).decision()).contains(CallDecision.approve("call_w"));
        assertThat(calls.get(2).decision()).isEmpty();
        assertThat(run("approvals")).isZero();
        assertThat(out.toString()).contains("call_b").doesNotContain("call_w");
    }

    @Test
    void denyWithNoCallDecidesEveryWaitingCallWithTheReason() {
        String id = paused();

        assertThat(run("deny", id, "--reason", "not on this machine")).as(err.toString()).isZero();

        assertThat(out.toString().lines()).hasSize(3).startsWith(
                "Denied call_w: write {\"path\":\"notes.txt\"} (not on this machine)").last()
                .isEqualTo("Go on with: agentloop run --resume " + id);
        assertThat(openTurn(id).calls()).extracting(call -> call.decision().map(CallDecision::approval))
                .containsExactly(Optional.empty(), Optional.of(Approval.DENY), Optional.of(Approval.DENY));
        assertThat(openTurn(id).calls().get(2).decision().orElseThrow().reason()).contains("not on this machine");
        assertThat(openTurn(id).undecided()).isEmpty();
    }

    @Test
    void approveAlwaysAlsoRemembersTheCallsRulesForTheWorkspace() {
        String id = paused();

        assertThat(run("approve", id, "call_w", "--always")).as(err.toString()).isZero();

        assertThat(openTurn(id).calls().get(1).decision()).contains(CallDecision.always("call_w"));
        assertThat(new ApprovedRules(home.resolve("approved-rules")).rules(workspace))
                .containsExactly("Write(notes.txt)");
        assertThat(out.toString()).contains("Later runs in " + workspace + " allow: Write(notes.txt)");
    }

    @Test
    void aCallThatDoesNotWaitIsRefusedNamingTheCallsThatDo() {
        String id = paused();

        assertThat(run("approve", id, "call_r")).isEqualTo(Launcher.USAGE);
        assertThat(err.toString()).contains("session " + id + " has no call 'call_r' that waits for a decision")
                .contains("call_w (write), call_b (bash)");
        assertThat(openTurn(id).calls()).allSatisfy(call -> assertThat(call.decision()).isEmpty());

        assertThat(run("deny", id)).isZero();
        assertThat(run("approve", id)).isEqualTo(Launcher.USAGE);
        assertThat(err.toString()).contains("no tool call of session " + id + " waits for a decision")
                .contains("decided already: call_w (write), call_b (bash)");
    }

    @Test
    void anUnknownSessionAMissingOneAndALockedOneAreClearErrors() {
        assertThat(run("approve", "20990101-000000-abcdef")).isEqualTo(Launcher.CONFIGURATION);
        assertThat(err.toString()).contains("there is no session '20990101-000000-abcdef'");
        assertThat(run("deny", "../notes")).isEqualTo(Launcher.CONFIGURATION);
        assertThat(err.toString()).contains("'../notes' is not a session id");

        assertThat(run("deny")).isEqualTo(Launcher.USAGE);
        assertThat(err.toString()).contains("say which session");

        String id = paused();
        try (SessionWriter running = store.open(id)) {
            assertThat(run("approve", id)).isEqualTo(Launcher.CONFIGURATION);
            assertThat(err.toString()).contains("session " + id + " is in use by a run right now");
        }
        assertThat(openTurn(id).undecided()).hasSize(2);
    }

    @Test
    void theCommandsAreInTheHelpAndTheShellCompletion() {
        assertThat(run("--help")).isZero();
        assertThat(out.toString()).contains("approvals", "approve", "deny");
        assertThat(run("approve", "--help")).isZero();
        assertThat(out.toString()).contains("Usage: agentloop approve").contains("--always").contains("CALL");
        assertThat(run("deny", "--help")).isZero();
        assertThat(out.toString()).contains("--reason").doesNotContain("--always");

        assertThat(run("completion", "bash")).isZero();
        assertThat(out.toString()).contains("approvals").contains("approve").contains("deny");
    }

    @Test
    void sessionsShowTheTurnARunStoppedInAndHowFarEachCallGot() {
        String id = paused();
        assertThat(run("deny", id, "call_b")).isZero();

        assertThat(run("sessions", "show", id)).as(err.toString()).isZero();

        assertThat(out.toString()).contains("user: read in.txt, write notes.txt, fetch")
                .contains("tool call read {\"path\":\"in.txt\"}  [finished]")
                .contains("tool call write {\"path\":\"notes.txt\"}  [waits for approval]")
                .contains("tool call bash ").contains("[denied]")
                .contains("The last run stopped in this turn: go on with agentloop run --resume " + id);
    }
}
