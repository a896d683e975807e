package io.agentloop.core.sandbox;

import static io.agentloop.core.sandbox.CommandSandboxTest.git;
import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.tool.CommandSandbox;
import io.agentloop.api.tool.CommandSandbox.Containment;
import io.agentloop.api.tool.SandboxedProcess;
import io.agentloop.core.workspace.SandboxWorkspace;
import io.agentloop.testkit.VisibleTempDir;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The user's history survives any command: with a real bubblewrap and real git, a command deletes
 * the repository, drops a commit and collects it, or points a branch elsewhere; after it, the
 * host's {@code git log} shows every commit that was there before, and the command is told. New
 * commits and a repack are left as they are. The workspace lies under {@code /var/tmp}.
 */
class KeptHistoryTest {
    @TempDir(factory = VisibleTempDir.class)
    Path folder;
    Path root;
    CommandSandbox sandbox;
    String history;

    @BeforeEach
    void setUp() throws Exception {
        root = Files.createDirectories(folder.resolve("workspace"));
        git(root, "init", "-q", "-b", "main");
        git(root, "config", "user.name", "Someone");
        git(root, "config", "user.email", "someone@example.com");
        for (int i = 1; i <= 3; i++) {
            Files.writeString(root.resolve("file.txt"), "version " + i + "\n");
            git(root, "add", "file.txt");
            git(root, "commit", "-q", "-m", "commit " + i);
        }
        history = log();
        assertThat(history.lines()).hasSize(3);
        SandboxWorkspace workspace = SandboxWorkspace.builder(root).build();
        sandbox = workspace.sandbox();
        assertThat(sandbox.containment()).as("bubblewrap must be installed: apt-get install bubblewrap")
                .isEqualTo(Containment.CONTAINED);
    }

    @Test
    void aDeletedRepositoryComesBackWithEveryCommit() throws Exception {
        List<String> told = run("rm -rf .git; git status");

        assertThat(log()).isEqualTo(history);
        assertThat(git(root, "status", "--short")).isEmpty();
        assertThat(told).singleElement().asString().startsWith("the command deleted or rewrote history of the git "
                + "repository .git (").contains("object files", "the ref refs/heads/main", "HEAD", "the index")
                .endsWith("it was put back as it was before the command, so no commit of the user's is lost. Ask the "
                        + "user to rewrite or delete history");
    }

    @Test
    void objectsMovedOutOfTheRepositoryBehindALinkComeBackIntoIt() throws Exception {
        List<String> told = run("mv .git/objects moved && ln -s ../moved .git/objects && git log --oneline");

        assertThat(Files.isSymbolicLink(root.resolve(".git/objects"))).isFalse();
        assertThat(root.resolve(".git/objects")).isDirectory();
        try (var moved = Files.walk(root.resolve("moved"))) {
            moved.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        }
        assertThat(log()).isEqualTo(history);
        assertThat(told).singleElement().asString().contains("object files");
    }

    @Test
    void aCommitDroppedAndCollectedComesBack() throws Exception {
        List<String> told = run("git reset -q --hard HEAD~1 && git reflog expire --expire=now --all "
                + "&& git gc -q --prune=now && git count-objects -v");

        assertThat(log()).isEqualTo(history);
        assertThat(told).singleElement().asString().contains("the ref refs/heads/main", "object file");
    }

    @Test
    void aDroppedCommitStaysWhenAnotherCommandCollectsGarbage() throws Exception {
        run("git reset -q --hard HEAD~1");
        assertThat(log()).isEqualTo(history);

        run("git reflog expire --expire=now --all && git gc -q --prune=now");

        assertThat(log()).isEqualTo(history);
    }

    @Test
    void aRefPointedElsewhereGetsItsCommitBack() throws Exception {
        String first = history.lines().toList().getLast();
        List<String> told = run("git update-ref refs/heads/main " + first + " && git log --oneline | wc -l");

        assertThat(log()).isEqualTo(history);
        assertThat(told).singleElement().asString().contains("(the ref refs/heads/main)");
    }

    @Test
    void aRewrittenPackedRefGetsItsCommitBack() throws Exception {
        git(root, "pack-refs", "--all");
        assertThat(root.resolve(".git/refs/heads/main")).doesNotExist();
        String orphan = git(root, "commit-tree", "-m", "unrelated", "HEAD^{tree}").strip();

        run("sed -i 's/^[0-9a-f]* refs\\/heads\\/main$/" + orphan + " refs\\/heads\\/main/' .git/packed-refs");

        assertThat(log()).isEqualTo(history);
    }

    @Test
    void newCommitsARepackAndAMovedBranchStayAsTheCommandLeftThem() throws Exception {
        List<String> told = run("git commit -q --allow-empty -m 'commit 4' && git gc -q && git checkout -q -b side "
                + "&& git commit -q --allow-empty -m 'commit 5' && git checkout -q main "
                + "&& git merge -q --ff-only side");

        assertThat(told).isEmpty();
        assertThat(log().lines()).hasSize(5).endsWith(history.lines().toArray(String[]::new));
    }

    @Test
    void theKeptLinksGoWhenTheLauncherLetsTheRepositoryGo() throws Exception {
        run("git commit -q --allow-empty -m 'commit 4'");
        assertThat(root.resolve(".git/" + KeptHistory.FOLDER)).isDirectory();

        KeptHistory.discard(root.resolve(".git"));

        assertThat(root.resolve(".git/" + KeptHistory.FOLDER)).doesNotExist();
        assertThat(log().lines()).hasSize(4);
    }

    @Test
    void theKeptCopiesCannotBeSeenOrChangedByACommand() throws Exception {
        String output = output("ls -A .git/" + KeptHistory.FOLDER + " | wc -l; touch .git/" + KeptHistory.FOLDER
                + "/x 2>&1 || echo refused");

        assertThat(output).startsWith("0\n").contains("Read-only file system");
        assertThat(root.resolve(".git/" + KeptHistory.FOLDER)).isDirectory().isNotEmptyDirectory();
    }

    /** The hashes of the commits {@code git log} shows on the host, newest first. */
    private String log() throws Exception {
        return git(root, "log", "--format=%H");
    }

    private List<String> run(String command) throws Exception {
        try (SandboxedProcess process = sandbox.start(List.of("bash", "-c", command), root, Map.of())) {
            process.process().getOutputStream().close();
            process.process().getInputStream().readAllBytes();
            assertThat(process.process().waitFor(1, TimeUnit.MINUTES)).isTrue();
            return process.finish();
        }
    }

    private String output(String command) throws Exception {
        try (SandboxedProcess process = sandbox.start(List.of("bash", "-c", command), root, Map.of())) {
            process.process().getOutputStream().close();
            String output = new String(process.process().getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(process.process().waitFor(1, TimeUnit.MINUTES)).isTrue();
            return output;
        }
    }
}
