package io.agentloop.core.permission;

import static io.agentloop.api.permission.Decision.ALLOW;
import static io.agentloop.api.permission.Decision.ASK;
import static io.agentloop.api.permission.Decision.DENY;
import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.permission.Access;
import io.agentloop.api.permission.Decision;
import io.agentloop.api.tool.CommandSandbox;
import io.agentloop.api.tool.CommandSandbox.Containment;
import io.agentloop.api.tool.Workspace;
import io.agentloop.core.sandbox.Unconfined;
import io.agentloop.core.workspace.SandboxWorkspace;
import io.agentloop.testkit.FakeTool;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What each permission mode decides, with no rules and with ask or deny rules, for every kind of
 * access in and out of the workspace, and for each way commands can be contained. The tables are
 * the contract of {@link PermissionMode}; a row that changes is a change of behaviour.
 */
class PermissionModeMatrixTest {
    @TempDir
    Path root;

    /** A tool name, what its call touches, and the decision in ASK, EDIT, AUTO and YES. */
    record Row(String tool, List<Access> accesses, List<Decision> byMode) {
    }

    private static Row row(String tool, List<Access> accesses, Decision ask, Decision edit, Decision auto,
                           Decision yes) {
        return new Row(tool, accesses, List.of(ask, edit, auto, yes));
    }

    private static List<Access> read(String path) {
        return List.of(new Access.Read(path));
    }

    private static List<Access> write(String path) {
        return List.of(new Access.Write(path));
    }

    private static List<Access> command(String line) {
        return List.of(new Access.Command(line));
    }

    /** A tool that is not read-only and declares nothing it touches. */
    private static List<Access> nothing() {
        return List.of();
    }

    /** No rules, and a sandbox holds commands (or the user turned it off on purpose). */
    static final List<Row> SANDBOXED = List.of(
            //  tool      access                                 ASK    EDIT   AUTO   YES
            row("read",   read("src/A.java"),                    ALLOW, ALLOW, ALLOW, ALLOW),
            row("read",   read("../outside.txt"),                DENY,  DENY,  DENY,  DENY),
            row("read",   read(".git/config"),                   DENY,  DENY,  DENY,  DENY),
            row("write",  write("src/A.java"),                   ASK,   ALLOW, ALLOW, ALLOW),
            row("write",  write("../outside.txt"),               DENY,  DENY,  DENY,  DENY),
            row("write",  write(".git/config"),                  DENY,  DENY,  DENY,  DENY),
            row("edit",   write("src/A.java"),                   ASK,   ALLOW, ALLOW, ALLOW),
            row("edit",   write("../outside.txt"),               DENY,  DENY,  DENY,  DENY),
            row("edit",   write(".git/config"),                  DENY,  DENY,  DENY,  DENY),
            row("bash",   command("ls src"),                     ASK,   ASK,   ALLOW, ALLOW),
            row("bash",   command("echo hi > ../outside.txt"),   DENY,  DENY,  DENY,  DENY),
            row("bash",   command("cat .env"),                   DENY,  DENY,  DENY,  DENY),
            row("bash",   command("cp ~/.ssh/id_rsa key.txt"),   DENY,  DENY,  DENY,  DENY),
            row("deploy", nothing(),                             ASK,   ASK,   ASK,   ALLOW));

    /** No rules, and nothing contains commands: they ask in every mode, YES included. */
    static final List<Row> UNSANDBOXED = List.of(
            //  tool      access                                 ASK    EDIT   AUTO   YES
            row("read",   read("src/A.java"),                    ALLOW, ALLOW, ALLOW, ALLOW),
            row("read",   read("../outside.txt"),                DENY,  DENY,  DENY,  DENY),
            row("read",   read(".git/config"),                   DENY,  DENY,  DENY,  DENY),
            row("write",  write("src/A.java"),                   ASK,   ALLOW, ALLOW, ALLOW),
            row("write",  write("../outside.txt"),               DENY,  DENY,  DENY,  DENY),
            row("write",  write(".git/config"),                  DENY,  DENY,  DENY,  DENY),
            row("edit",   write("src/A.java"),                   ASK,   ALLOW, ALLOW, ALLOW),
            row("edit",   write("../outside.txt"),               DENY,  DENY,  DENY,  DENY),
            row("edit",   write(".git/config"),                  DENY,  DENY,  DENY,  DENY),
            row("bash",   command("ls src"),                     ASK,   ASK,   ASK,   ASK),
            row("bash",   command("echo hi > ../outside.txt"),   DENY,  DENY,  DENY,  DENY),
            row("bash",   command("cat .env"),                   DENY,  DENY,  DENY,  DENY),
            row("bash",   command("cp ~/.ssh/id_rsa key.txt"),   DENY,  DENY,  DENY,  DENY),
            row("deploy", nothing(),                             ASK,   ASK,   ASK,   ALLOW));

    /** With rules: ask rules give way only in YES (and not for commands no sandbox holds); deny rules always win. */
    static final List<Row> WITH_RULES = List.of(
            //  tool      access                                 ASK    EDIT   AUTO   YES
            row("write",  write("src/A.java"),                   ASK,   ASK,   ASK,   ALLOW),
            row("read",   read("docs/notes.md"),                 ASK,   ASK,   ASK,   ALLOW),
            row("bash",   command("git push origin main"),       ASK,   ASK,   ASK,   ALLOW),
            row("bash",   command("rm f"),                       DENY,  DENY,  DENY,  DENY),
            row("bash",   command("ls && rm -rf src"),           DENY,  DENY,  DENY,  DENY),
            row("write",  write("secrets/key.txt"),              DENY,  DENY,  DENY,  DENY),
            row("deploy", nothing(),                             DENY,  DENY,  DENY,  DENY));

    static final PermissionPolicy RULES = PermissionPolicy.of(List.of(),
            List.of("write(src/**)", "read(docs/**)", "bash(git push *)"),
            List.of("bash(rm *)", "write(secrets/**)", "deploy"));

    /** How the workspace of a row contains commands. */
    enum Sandbox {
        CONTAINED, DISABLED, UNAVAILABLE;

        Workspace workspace(Path root) {
            return switch (this) {
                case CONTAINED -> {
                    SandboxWorkspace workspace = SandboxWorkspace.of(root);
                    assertThat(workspace.sandbox().containment())
                            .as("these tests need the command sandbox: install bubblewrap (apt-get install bubblewrap)")
                            .isEqualTo(Containment.CONTAINED);
                    yield workspace;
                }
                case DISABLED -> SandboxWorkspace.builder(root).sandboxEnabled(false).build();
                case UNAVAILABLE -> new Unsandboxed(SandboxWorkspace.of(root));
            };
        }
    }

    /** A workspace on a system with no sandbox: its paths are the real workspace's, its commands unconfined. */
    record Unsandboxed(SandboxWorkspace delegate) implements Workspace {
        @Override
        public Path root() {
            return delegate.root();
        }

        @Override
        public Path resolve(String path) {
            return delegate.resolve(path);
        }

        @Override
        public boolean permits(Path canonical) {
            return delegate.permits(canonical);
        }

        @Override
        public Map<String, String> childEnvironment() {
            return delegate.childEnvironment();
        }

        @Override
        public CommandSandbox sandbox() {
            return new Unconfined(Containment.UNAVAILABLE, Map.of(), "test");
        }
    }

    static Stream<Arguments> withoutRules() {
        return Stream.of(Sandbox.values()).flatMap(sandbox -> cases(sandbox,
                sandbox == Sandbox.UNAVAILABLE ? UNSANDBOXED : SANDBOXED));
    }

    static Stream<Arguments> withRules() {
        return cases(Sandbox.CONTAINED, WITH_RULES);
    }

    private static Stream<Arguments> cases(Sandbox sandbox, List<Row> table) {
        return table.stream().flatMap(row -> Stream.of(PermissionMode.values()).map(mode -> Arguments.of(sandbox, mode,
                row.tool(), row.accesses(), row.byMode().get(mode.ordinal()))));
    }

    private Decision judge(PermissionPolicy policy, Sandbox sandbox, String tool, List<Access> accesses) {
        return policy.judge(FakeTool.named(tool).returning("ok"), accesses, sandbox.workspace(root)).decision();
    }

    @ParameterizedTest(name = "{0} sandbox, mode {1}: {2} {3} -> {4}")
    @MethodSource("withoutRules")
    void eachModeDecidesEachAccessByPlaceAndContainment(Sandbox sandbox, PermissionMode mode, String tool,
                                                        List<Access> accesses, Decision expected) {
        assertThat(judge(PermissionPolicy.defaults().withMode(mode), sandbox, tool, accesses)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} sandbox, mode {1}: {2} {3} -> {4}")
    @MethodSource("withRules")
    void askRulesGiveWayOnlyInModeYesAndDenyRulesWinInEveryMode(Sandbox sandbox, PermissionMode mode, String tool,
                                                                List<Access> accesses, Decision expected) {
        assertThat(judge(RULES.withMode(mode), sandbox, tool, accesses)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "mode {0}")
    @EnumSource(PermissionMode.class)
    void anAskRuleOnACommandStillAsksInEveryModeWhenNoSandboxHoldsIt(PermissionMode mode) {
        assertThat(judge(RULES.withMode(mode), Sandbox.UNAVAILABLE, "bash", command("git push origin main")))
                .isEqualTo(ASK);
    }
}
