package io.agentloop.core.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.core.sandbox.MountTree.Kind;
import io.agentloop.testkit.VisibleTempDir;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bwrap arguments of a mount tree, line by line: what a hidden folder covers is never mounted
 * inside it, what it does not cover comes after it, and it becomes read-only last. The sandbox's
 * tests run the same trees in bubblewrap ({@link HiddenFoldersTest}).
 */
class MountTreeTest {
    @TempDir(factory = VisibleTempDir.class)
    Path folder;

    private MountTree tree() {
        return new MountTree(List.of(Path.of("/tmp"), Path.of("/run")));
    }

    @Test
    void whatAHiddenFolderHoldsIsNotMountedAgainInsideIt() throws Exception {
        Path data = Files.createDirectories(folder.resolve("data/agentloop"));
        Path sessions = Files.createDirectories(data.resolve("sessions"));
        Path memory = Files.writeString(data.resolve("memory.jsonl"), "{}");
        Path skills = Files.createDirectories(data.resolve("skills"));
        Path link = Files.createSymbolicLink(folder.resolve("data-link"), data);
        Path root = Files.createDirectories(folder.resolve("project"));

        List<String> args = tree().add(Kind.WRITABLE, root).add(Kind.READ_ONLY, skills).add(Kind.HIDDEN, sessions)
                .add(Kind.HIDDEN, memory).add(Kind.HIDDEN, data).add(Kind.HIDDEN, link.resolve("sessions"))
                .add(Kind.HIDDEN, link).arguments();

        assertThat(String.join(" ", args)).isEqualTo("--bind " + root + " " + root + " --tmpfs " + data
                + " --remount-ro " + data);
    }

    @Test
    void aWorkspaceInsideAHiddenFolderIsMountedInsideItWithItsOwnSecretsAndInstructions() throws Exception {
        Path data = Files.createDirectories(folder.resolve("data/agentloop"));
        Path served = Files.createDirectories(data.resolve("workspaces"));
        Path root = Files.createDirectories(served.resolve("run-a"));
        Path kept = Files.createDirectories(root.resolve(".agentloop"));
        Path secret = Files.writeString(root.resolve(".env"), "TOKEN=x");
        Path beside = Files.writeString(served.resolve("other.env"), "TOKEN=y");

        List<String> args = tree().add(Kind.ENCLOSING, served).add(Kind.WRITABLE, root).add(Kind.KEPT, kept)
                .add(Kind.HIDDEN, secret).add(Kind.HIDDEN, beside).add(Kind.HIDDEN, data).arguments();

        assertThat(String.join(" ", args)).isEqualTo("--tmpfs " + data + " --bind " + root + " " + root
                + " --ro-bind " + kept + " " + kept + " --ro-bind /dev/null " + secret + " --remount-ro " + data);
    }

    @Test
    void aReadOnlyFolderWinsOverAWritableOneInsideItAndAHiddenOneInsideItStaysHidden() throws Exception {
        Path installation = Files.createDirectories(folder.resolve("agentloop"));
        Path root = Files.createDirectories(installation.resolve("examples"));
        Path conf = Files.createDirectories(installation.resolve("conf"));

        List<String> args = tree().add(Kind.WRITABLE, root).add(Kind.READ_ONLY, installation).add(Kind.HIDDEN, conf)
                .arguments();

        assertThat(String.join(" ", args)).isEqualTo("--ro-bind " + installation + " " + installation + " --tmpfs "
                + conf + " --remount-ro " + conf);
    }
}
