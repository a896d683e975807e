package io.agentloop.core.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The macOS profile as text (this machine has no {@code sandbox-exec} to run it): writes only in
 * the writable folders and the system's temporary folders, secret locations unreadable, network off
 * unless enabled.
 */
class SeatbeltTest {
    @TempDir
    Path root;

    @Test
    void theProfileDeniesWritesOutsideReadsOfSecretsAndTheNetwork() throws IOException {
        Files.writeString(root.resolve(".env"), "X=1");
        Path keys = Files.createDirectories(root.resolve("home/.ssh"));
        SandboxSettings settings = new SandboxSettings(List.of(root), List.of(), List.of(), List.of(keys), Map.of(),
                false);

        String profile = new Seatbelt(settings).profile();

        assertThat(profile).startsWith("(version 1)\n(allow default)\n(deny file-write*)\n(allow file-write*\n")
                .contains("(subpath \"" + root + "\")")
                .contains("(deny file-read* file-write*\n").contains("    (subpath \"" + keys + "\")\n")
                .contains("    (literal \"" + root.resolve(".env") + "\")\n")
                .endsWith("(deny network*)\n");
        assertThat(new Seatbelt(SandboxSettings.of(List.of(root), Map.of(), true)).profile())
                .doesNotContain("network");
    }

    @Test
    void anEnclosingFolderIsUnreadableButForTheWorkspaceInItAndSecretsStayHidden() throws IOException {
        Path mine = Files.createDirectories(root.resolve("run-a"));
        Files.writeString(mine.resolve(".env"), "X=1");
        SandboxSettings settings = new SandboxSettings(List.of(mine), List.of(), List.of(), List.of(), Map.of(), false,
                List.of(root));

        String profile = new Seatbelt(settings).profile();

        String enclosing = "(deny file-read* (subpath \"" + root + "\"))\n(allow file-read* (subpath \"" + mine
                + "\") (literal \"" + root + "\"))\n";
        assertThat(profile).contains(enclosing);
        // the secrets' denial comes after, so it wins inside the workspace too
        assertThat(profile.indexOf("(deny file-read* file-write*")).isGreaterThan(profile.indexOf(enclosing));
    }

    @Test
    void quotesAndBackslashesInPathsCannotBreakOutOfTheProfile() throws IOException {
        Path odd = Files.createDirectories(root.resolve("we\"ird\\)(allow file-write* (subpath \""));
        String profile = new Seatbelt(SandboxSettings.of(List.of(odd), Map.of(), false)).profile();

        assertThat(profile).contains("(subpath \"" + odd.toString().replace("\\", "\\\\").replace("\"", "\\\"")
                + "\")");
    }
}
