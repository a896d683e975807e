package io.agentloop.core.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentloop.api.tool.CommandSandbox;
import io.agentloop.api.tool.CommandSandbox.Containment;
import io.agentloop.api.tool.SandboxedProcess;
import io.agentloop.core.workspace.SandboxWorkspace;
import io.agentloop.testkit.TargetTempDir;
import io.agentloop.testkit.VisibleTempDir;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.AnnotatedElementContext;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.io.TempDirFactory;

/**
 * The bubblewrap sandbox for real: what a command can write, read, see and reach, and that nothing
 * it starts outlives it. Needs bwrap (the test command installs it); without it these fail.
 */
class CommandSandboxTest {
    static final String PLANTED_ENV = "planted-env-secret-value-123";
    static final String PLANTED_DOTENV = "planted-dotenv-secret-456";
    static final String PLANTED_KEY = "planted-private-key-789";

    @TempDir(factory = TargetTempDir.class)
    Path folder;
    Path root;
    Path outside;
    Path home;

    @BeforeEach
    void setUp() throws IOException {
        root = Files.createDirectories(folder.resolve("workspace"));
        outside = Files.createDirectories(folder.resolve("outside"));
        home = Files.createDirectories(folder.resolve("home"));
        Files.writeString(outside.resolve("sentinel.txt"), "keep me");
        Files.writeString(root.resolve(".env"), "API_TOKEN=" + PLANTED_DOTENV + "\n");
        Files.createDirectories(home.resolve(".ssh"));
        Files.writeString(home.resolve(".ssh/id_rsa"), PLANTED_KEY);
    }

    private SandboxWorkspace workspace(boolean network) {
        SandboxWorkspace workspace = SandboxWorkspace.builder(root)
                .environment(Map.of("PATH", System.getenv("PATH"), "HOME", home.toString(), "LANG", "C.UTF-8",
                        "SERVICE_TOKEN", PLANTED_ENV, "PLAIN_SETTING", "plain", "ALLOWED_SETTING", "allowed"))
                .environmentAllowlist(Set.of("ALLOWED_SETTING")).network(network).build();
        assertThat(workspace.sandbox().containment()).as("bubblewrap (bwrap) must be installed for these tests: "
                + "apt-get install bubblewrap; " + workspace.sandbox().description()).isEqualTo(Containment.CONTAINED);
        return workspace;
    }

    private String run(CommandSandbox sandbox, String command) throws Exception {
        try (SandboxedProcess process = sandbox.start(List.of("bash", "-c", command), root, Map.of())) {
            process.process().getOutputStream().close();
            String output = new String(process.process().getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(process.process().waitFor(30, TimeUnit.SECONDS)).isTrue();
            return "exit " + process.process().exitValue() + "\n" + output;
        }
    }

    @Test
    void commandsWriteInTheWorkspaceAndNowhereElse() throws Exception {
        String output = run(workspace(false).sandbox(), "echo made > made.txt; echo changed > " + outside
                + "/sentinel.txt; rm -f " + outside + "/sentinel.txt; touch /usr/agentloop-probe");

        assertThat(Files.readString(root.resolve("made.txt"))).isEqualTo("made\n");
        assertThat(Files.readString(outside.resolve("sentinel.txt"))).isEqualTo("keep me");
        assertThat(output).startsWith("exit 1\n").contains("Read-only file system");
        assertThat(Path.of("/usr/agentloop-probe")).doesNotExist();
    }

    @Test
    void aWorkspaceEnclosedByAFolderSeesNothingElseOfIt() throws Exception {
        Path served = Files.createDirectories(folder.resolve("served"));
        Path mine = Files.createDirectories(served.resolve("run-a"));
        Path theirs = Files.createDirectories(served.resolve("run-b"));
        Files.writeString(theirs.resolve("notes.txt"), "another run's notes");
        Files.writeString(served.resolve("index.txt"), "beside the runs");
        SandboxWorkspace workspace = SandboxWorkspace.builder(mine).enclosedBy(served)
                .environment(Map.of("PATH", System.getenv("PATH"), "HOME", home.toString())).build();

        String output;
        try (SandboxedProcess process = workspace.sandbox().start(List.of("bash", "-c", "echo mine > own.txt; cat own.txt; "
                + "ls -a '" + served + "'; cat '" + theirs + "/notes.txt'; cat ../index.txt; echo x > ../planted.txt"),
                mine, Map.of())) {
            process.process().getOutputStream().close();
            output = new String(process.process().getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(process.process().waitFor(30, TimeUnit.SECONDS)).isTrue();
        }

        assertThat(output).contains("mine\n").containsPattern("(?m)^run-a$").doesNotContainPattern("(?m)^run-b$")
                .doesNotContainPattern("(?m)^index.txt$").containsPattern("notes\\.txt'?: No such file")
                .doesNotContain("another run's notes").doesNotContain("beside the runs");
        assertThat(Files.readString(mine.resolve("own.txt"))).isEqualTo("mine\n");
        assertThat(served.resolve("planted.txt")).doesNotExist();
        assertThat(Files.readString(theirs.resolve("notes.txt"))).isEqualTo("another run's notes");
    }

    @Test
    void tmpIsPrivateToEachCommand() throws Exception {
        Path hostTemp = Files.createTempFile("agentloop-sandbox-test-", ".txt");
        try {
            CommandSandbox sandbox = workspace(false).sandbox();
            assertThat(run(sandbox, "test -e " + hostTemp + " && echo visible || echo hidden; echo x > /tmp/mine; "
                    + "echo $TMPDIR")).isEqualTo("exit 0\nhidden\n/tmp\n");
            assertThat(run(sandbox, "test -e /tmp/mine && echo kept || echo gone")).isEqualTo("exit 0\ngone\n");
        } finally {
            Files.delete(hostTemp);
        }
    }

    @Test
    void secretFilesReadAsNothingHoweverTheyAreNamed() throws Exception {
        String output = run(workspace(false).sandbox(), "cat .env; cat ./.e*; cat '.en''v'; cat \"$PWD/.env\"; "
                + "cp .env copied && cat copied; ln -s .env linked; cat linked; cat ~/.ssh/id_rsa; cat "
                + home + "/.ss?/id_*; ls -a ~/.ssh; echo done");

        assertThat(output).doesNotContain(PLANTED_DOTENV).doesNotContain(PLANTED_KEY).endsWith("done\n");
        assertThat(Files.readString(root.resolve(".env"))).contains(PLANTED_DOTENV);
    }

    @Test
    void theLaunchersProcessesAndEnvironmentAreInvisible() throws Exception {
        long me = ProcessHandle.current().pid();
        String output = run(workspace(false).sandbox(), "ls /proc | grep -c '^[0-9]'; cat /proc/[0-9]*/environ | "
                + "tr '\\0' '\\n'; cat /proc/[0-9]*/cmdline | tr '\\0' ' '; echo; env; test -e /proc/" + me
                + "/environ && echo same-pid-exists");

        assertThat(output).doesNotContain(PLANTED_ENV).doesNotContain("SERVICE_TOKEN").doesNotContain("PLAIN_SETTING")
                .doesNotContain("surefire").contains("ALLOWED_SETTING=allowed").contains("HOME=" + home);
        int processes = Integer.parseInt(output.lines().skip(1).findFirst().orElseThrow().strip());
        assertThat(processes).as("processes visible inside").isLessThan(10);
    }

    @Test
    void theNetworkIsOffUnlessEnabled() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            String connect = "(echo hello > /dev/tcp/127.0.0.1/" + server.getLocalPort() + ") 2>/dev/null "
                    + "&& echo connected || echo unreachable";
            assertThat(run(workspace(false).sandbox(), connect)).isEqualTo("exit 0\nunreachable\n");
            assertThat(run(workspace(true).sandbox(), connect)).isEqualTo("exit 0\nconnected\n");
        }
    }

    @Test
    void nothingACommandStartedOutlivesIt() throws Exception {
        String marker = "agentloop-marker-" + UUID.randomUUID();
        String output = run(workspace(false).sandbox(), "setsid bash -c 'sleep 300; true " + marker + "' >/dev/null "
                + "2>&1 & nohup bash -c 'sleep 300; true " + marker + "' >/dev/null 2>&1 & disown -a; echo started");

        assertThat(output).isEqualTo("exit 0\nstarted\n");
        assertNoProcess(marker);
    }

    @Test
    void killEndsTheWholeTreeAtOnce() throws Exception {
        String marker = "agentloop-marker-" + UUID.randomUUID();
        SandboxedProcess process = workspace(false).sandbox().start(List.of("bash", "-c", "setsid bash -c 'sleep 300; "
                + "true " + marker + "' & echo started; sleep 300"), root, Map.of());
        InputStream out = process.process().getInputStream();
        assertThat(new String(out.readNBytes(8), StandardCharsets.UTF_8)).isEqualTo("started\n");
        assertThat(processesWith(marker)).isNotEmpty();

        process.kill();

        assertThat(process.process().waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertNoProcess(marker);
    }

    @Test
    void aSandboxThatCannotWorkHereSaysWhatToDo() {
        SandboxSettings settings = SandboxSettings.of(List.of(root), Map.of(), false);
        CommandSandbox broken = new Bubblewrap(Path.of("/bin/false"), settings);

        assertThatThrownBy(() -> broken.start(List.of("true"), root, Map.of())).isInstanceOf(IOException.class)
                .hasMessageContaining("could not start a command here").hasMessageContaining("sandbox.enabled: false");
    }

    @Test
    void turnedOffTheSandboxSaysSoAndCommandsStillRunInAProcessGroup() throws Exception {
        SandboxWorkspace workspace = SandboxWorkspace.builder(root).sandboxEnabled(false)
                .environment(Map.of("PATH", System.getenv("PATH"), "SERVICE_TOKEN", PLANTED_ENV)).build();

        assertThat(workspace.sandbox().containment()).isEqualTo(Containment.DISABLED);
        assertThat(workspace.sandbox().description()).contains("sandbox.enabled: false").contains("unconfined");
        assertThat(run(workspace.sandbox(), "echo ok; env")).startsWith("exit 0\nok\n").doesNotContain(PLANTED_ENV);
    }

    @Test
    void aSecretMovedIntoAnyFolderBetweenCommandsIsStillHidden() throws Exception {
        Files.createDirectories(root.resolve("config"));
        Files.writeString(root.resolve("config/prod.env"), "TOKEN=" + PLANTED_DOTENV);
        Files.createDirectories(root.resolve("app"));
        Files.writeString(root.resolve("app/.envrc"), "export TOKEN=" + PLANTED_DOTENV);
        CommandSandbox sandbox = workspace(false).sandbox();

        // A covered file cannot be moved, but the folder holding it can, into folders a scan might skip.
        assertThat(run(sandbox, "mkdir -p target node_modules .git && mv config target/ && mv app node_modules/ "
                + "&& echo moved")).endsWith("moved\n");
        String output = run(sandbox, "cat target/config/prod.env node_modules/app/.envrc; grep -r planted . ; "
                + "echo done");

        assertThat(output).doesNotContain(PLANTED_DOTENV).endsWith("done\n");
    }

    @Test
    void aSecretCreatedInTheHomeAfterTheWorkspaceWasBuiltIsHiddenToo() throws Exception {
        CommandSandbox sandbox = workspace(false).sandbox();
        Files.createDirectories(home.resolve(".kube"));
        Files.writeString(home.resolve(".kube/config"), "token: " + PLANTED_KEY);

        assertThat(run(sandbox, "cat ~/.kube/config; echo done")).doesNotContain(PLANTED_KEY).endsWith("done\n");
    }

    @Test
    void gitHooksAndConfigurationCannotBeChangedButCommitsWork() throws Exception {
        Files.createDirectories(root.resolve(".git/hooks"));
        Files.writeString(root.resolve(".git/config"), "[core]\n");
        CommandSandbox sandbox = workspace(false).sandbox();

        String output = run(sandbox, "echo 'fsmonitor = sh -c evil' >> .git/config; echo evil > .git/hooks/pre-commit; "
                + "echo ok > .git/objects-like-file && echo written");

        assertThat(output).contains("Read-only file system").endsWith("written\n");
        assertThat(Files.readString(root.resolve(".git/config"))).isEqualTo("[core]\n");
        assertThat(root.resolve(".git/hooks/pre-commit")).doesNotExist();
    }

    @Test
    void noServiceSocketOrCapabilityOrNestedNamespaceIsWithinReach() throws Exception {
        String output = run(workspace(false).sandbox(), "ls -A /run | wc -l; grep -E '^Cap(Eff|Bnd)' /proc/self/status;"
                + " unshare -U true 2>/dev/null && echo nested || echo no-nested; head -c1 /etc/shadow 2>/dev/null "
                + "| wc -c");

        assertThat(output).isEqualTo("exit 0\n0\nCapEff:\t0000000000000000\nCapBnd:\t0000000000000000\n"
                + "no-nested\n0\n");
    }

    @Test
    void aWorkspaceThatHoldsTheHomeFolderIsRefused() {
        assertThatThrownBy(() -> SandboxWorkspace.builder(folder).environment(Map.of("HOME", home.toString())).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("holds your home folder " + home);
    }

    @Test
    void aReadOnlyFolderInsideTheWorkspaceStaysAsItIs() throws Exception {
        Path installation = Files.createDirectories(root.resolve("agentloop/lib"));
        SandboxWorkspace workspace = SandboxWorkspace.builder(root).readOnlyDirectory(root.resolve("agentloop"))
                .environment(Map.of("PATH", System.getenv("PATH"), "HOME", home.toString())).build();

        String output = run(workspace.sandbox(), "echo x > agentloop/lib/evil.jar; echo x > mine.txt && echo mine");

        assertThat(output).contains("Read-only file system").endsWith("mine\n");
        assertThat(installation.resolve("evil.jar")).doesNotExist();
    }

    @Test
    void aGitFolderMovedAsideAndBackLeavesNoConfigurationOrHookThatRunsOnTheHost() throws Exception {
        git(root, "init", "-q");
        String config = Files.readString(root.resolve(".git/config"));
        CommandSandbox sandbox = workspace(false).sandbox();

        run(sandbox, "mv .git .gx");
        run(sandbox, "printf '[core]\\n\\tfsmonitor = touch fsmonitor-ran\\n' >> .gx/config; "
                + "printf '#!/bin/sh\\ntouch hook-ran\\n' > .gx/hooks/pre-commit; chmod +x .gx/hooks/pre-commit");
        run(sandbox, "test -d .gx && rm -rf .git && mv .gx .git");
        run(sandbox, "mkdir -p planted/hooks && printf '[core]\\n\\thooksPath = planted/hooks\\n' > planted/config "
                + "&& rm -rf .git; mv planted .git");

        assertThat(Files.readString(root.resolve(".git/config"))).isEqualTo(config);
        assertThat(root.resolve(".git/hooks/pre-commit")).doesNotExist();
        assertThat(git(root, "config", "--get-regexp", "core\\.(fsmonitor|hookspath)")).isEmpty();
    }

    @Test
    void aRepositoryACommandPlantsIsPutOutOfActionWhenTheCommandEnds() throws Exception {
        CommandSandbox sandbox = workspace(false).sandbox();
        Files.createDirectories(root.resolve("elsewhere"));

        String output = run(sandbox, "git init -q sub && git -C sub config core.fsmonitor 'touch fsmonitor-ran' && "
                + "mkdir linked && printf 'gitdir: %s\\n' \"$PWD/sub/.git\" > linked/.git && "
                + "git init -q --bare bare && git -C bare config core.pager 'touch pager-ran' && echo planted");

        assertThat(output).endsWith("planted\n");
        for (String folder : List.of("sub", "linked", "bare")) {
            assertThat(git(root.resolve(folder), "rev-parse", "--git-dir")).as(folder).contains("not a git repository");
        }
    }

    @Test
    void aGitConfigurationOrHookAddedWhereThereWasNoneIsPutOutOfAction() throws Exception {
        git(root, "init", "-q", "--template=");
        Files.delete(root.resolve(".git/config"));
        git(root, "init", "-q", "--template=");
        assertThat(root.resolve(".git/hooks")).doesNotExist();
        CommandSandbox sandbox = workspace(false).sandbox();

        run(sandbox, "mkdir -p .git/hooks && printf '#!/bin/sh\\ntouch hook-ran\\n' > .git/hooks/pre-commit && "
                + "chmod +x .git/hooks/pre-commit; mkdir -p common && cp .git/config common/config && printf "
                + "'[core]\\n\\tfsmonitor = touch ran\\n' >> common/config; mkdir common/objects common/refs; "
                + "echo \"$PWD/common\" > .git/commondir");

        assertThat(root.resolve(".git/hooks/pre-commit")).doesNotExist();
        assertThat(root.resolve(".git/commondir")).doesNotExist();
        assertThat(git(root, "config", "--get-regexp", "core\\.fsmonitor")).isEmpty();
    }

    @Test
    void theWorkspacesInstructionsCannotBeWrittenEvenWhenTheyDoNotExistYet() throws Exception {
        Path extra = Files.createDirectories(folder.resolve("extra"));
        SandboxWorkspace workspace = SandboxWorkspace.builder(root).extraDirectory(extra)
                .environment(Map.of("PATH", System.getenv("PATH"), "HOME", home.toString())).build();
        String plant = "d=.agent; d=${d}loop; mkdir -p $d/skills/evil; echo planted > $d/skills/evil/SKILL.md; "
                + "mv $d moved; mkdir -p x/skills/evil && echo planted > x/skills/evil/SKILL.md && mv x $d; echo done";

        assertThat(run(workspace.sandbox(), plant)).endsWith("done\n");
        assertThat(root.resolve(".agentloop/skills/evil/SKILL.md")).doesNotExist();

        Files.createDirectories(root.resolve(".agentloop/skills/kept"));
        Files.writeString(root.resolve(".agentloop/skills/kept/SKILL.md"), "kept");
        assertThat(run(workspace.sandbox(), plant + "; cd " + quoted(extra) + " && " + plant)).endsWith("done\n");
        assertThat(root.resolve(".agentloop/skills/evil/SKILL.md")).doesNotExist();
        assertThat(extra.resolve(".agentloop/skills/evil/SKILL.md")).doesNotExist();
        assertThat(Files.readString(root.resolve(".agentloop/skills/kept/SKILL.md"))).isEqualTo("kept");
    }

    @Test
    void aUnixSocketOutsideTheWorkspaceCannotBeConnectedTo(@TempDir(factory = VisibleTempDir.class) Path visible)
            throws Exception {
        Path socket = visible.resolve("engine.sock");
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(UnixDomainSocketAddress.of(socket));
            String output = run(workspace(true).sandbox(), "test -S " + quoted(socket) + " && echo visible; "
                    + "perl -MIO::Socket::UNIX -e 'IO::Socket::UNIX->new(Peer => $ARGV[0]) or die \"connect: $!\\n\"; "
                    + "print \"connected\\n\"' " + quoted(socket) + "; perl -MSocket -e 'socketpair(my $a, my $b, "
                    + "AF_UNIX, SOCK_STREAM, 0) or die \"socketpair: $!\\n\"; print \"pair\\n\"'");

            assertThat(output).contains("visible\n").doesNotContain("connected").contains("connect: Permission denied")
                    .contains("pair\n");
        }
    }

    @Test
    void theInstallationsConfigurationIsHiddenAlsoWhenTheInstallationLiesUnderTmp(
            @TempDir(factory = SystemTmp.class) Path tmp) throws Exception {
        Path installation = Files.createDirectories(tmp.resolve("agent loop"));
        Files.createDirectories(installation.resolve("conf"));
        Files.writeString(installation.resolve("conf/agentloop.yaml"), "api-key: " + PLANTED_KEY + "\n");
        Files.createDirectories(installation.resolve("lib"));
        Files.writeString(installation.resolve("lib/launcher.jar"), "jar");
        SandboxWorkspace workspace = SandboxWorkspace.builder(root).protectedDirectory(installation.resolve("conf"))
                .readOnlyDirectory(installation).environment(Map.of("PATH", System.getenv("PATH"), "HOME",
                        home.toString())).build();

        String output = run(workspace.sandbox(), "cat " + quoted(installation.resolve("conf/agentloop.yaml")) + "; cat "
                + quoted(installation) + "/conf/*; echo x > " + quoted(installation.resolve("lib/launcher.jar"))
                + "; echo done");

        assertThat(output).doesNotContain(PLANTED_KEY).endsWith("done\n");
        assertThat(Files.readString(installation.resolve("lib/launcher.jar"))).isEqualTo("jar");
    }

    @Test
    void aConfiguredSandboxProgramMustBeAnAbsolutePathToAnExecutable() {
        for (Path program : List.of(Path.of("bwrap"), root.resolve("missing-bwrap"))) {
            assertThatThrownBy(() -> SandboxWorkspace.builder(root).sandboxProgram(program).build())
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("sandbox.program must be the "
                            + "absolute path of the bubblewrap program");
        }
    }

    /** Temporary folders under the system's /tmp itself, wherever the clone is. */
    static final class SystemTmp implements TempDirFactory {
        @Override
        public Path createTempDirectory(AnnotatedElementContext element, ExtensionContext context) throws Exception {
            return Files.createTempDirectory(Path.of("/tmp"), "agentloop-").toRealPath();
        }
    }

    /** Runs git on the host (as the user would later), with no configuration but the repository's. */
    static String git(Path directory, String... arguments) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of("git", "-C", directory.toString()));
        command.addAll(List.of(arguments));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("GIT_CONFIG_GLOBAL", "/dev/null");
        builder.environment().put("GIT_CONFIG_NOSYSTEM", "1");
        builder.environment().put("GIT_CEILING_DIRECTORIES", directory.getParent().toString());
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return output;
    }

    static String quoted(Path path) {
        return "'" + path.toString().replace("'", "'\\''") + "'";
    }

    static List<ProcessHandle> processesWith(String marker) {
        return ProcessHandle.allProcesses().filter(p -> p.info().commandLine().map(c -> c.contains(marker))
                .orElse(false)).toList();
    }

    static void assertNoProcess(String marker) throws Exception {
        for (ProcessHandle process : processesWith(marker)) {
            process.onExit().get(10, TimeUnit.SECONDS);
        }
        assertThat(processesWith(marker)).as("processes still alive").isEmpty();
    }
}
