package io.agentloop.core.workspace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentloop.api.tool.PathDeniedException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SandboxWorkspaceTest {
    @TempDir
    Path temp;
    Path root;
    Path outside;
    SandboxWorkspace workspace;

    @BeforeEach
    void setUp() throws IOException {
        root = Files.createDirectories(temp.resolve("project"));
        outside = Files.createDirectories(temp.resolve("elsewhere"));
        Files.writeString(outside.resolve("secret.txt"), "outside");
        Files.createDirectories(root.resolve("src"));
        Files.writeString(root.resolve("src/Main.java"), "class Main {}");
        workspace = SandboxWorkspace.of(root);
    }

    @Test
    void pathsInsideResolveToTheirRealLocation() throws IOException {
        assertThat(workspace.resolve("src/Main.java")).isEqualTo(root.toRealPath().resolve("src/Main.java"));
        assertThat(workspace.resolve("src/../src/./Main.java")).isEqualTo(root.toRealPath().resolve("src/Main.java"));
        assertThat(workspace.resolve("new/folder/file.txt")).isEqualTo(root.toRealPath().resolve("new/folder/file.txt"));
        assertThat(workspace.resolve(root.resolve("src").toString())).isEqualTo(root.toRealPath().resolve("src"));
    }

    @Test
    void dotDotOutOfTheWorkspaceIsDenied() throws IOException {
        assertThatThrownBy(() -> workspace.resolve("../../etc/passwd"))
                .isInstanceOf(PathDeniedException.class)
                .hasMessageStartingWith("'../../etc/passwd' resolves to ")
                .hasMessageContaining("etc/passwd, outside the workspace " + root.toRealPath());
        assertThatThrownBy(() -> workspace.resolve("src/../../elsewhere/secret.txt"))
                .hasMessageContaining("outside the workspace");
    }

    @Test
    void anAbsolutePathOutsideIsDenied() {
        assertThatThrownBy(() -> workspace.resolve("/etc/passwd")).isInstanceOf(PathDeniedException.class)
                .hasMessageContaining("outside the workspace");
        assertThatThrownBy(() -> workspace.resolve(outside.resolve("secret.txt").toString()))
                .hasMessageContaining("outside the workspace");
    }

    @Test
    void aSymlinkInsidePointingOutsideIsDenied() throws IOException {
        Files.createSymbolicLink(root.resolve("link"), outside);
        Files.createSymbolicLink(root.resolve("file-link"), outside.resolve("secret.txt"));

        assertThatThrownBy(() -> workspace.resolve("link/secret.txt"))
                .hasMessageContaining("resolves to " + outside.toRealPath().resolve("secret.txt"))
                .hasMessageContaining("outside the workspace");
        assertThatThrownBy(() -> workspace.resolve("file-link")).hasMessageContaining("outside the workspace");
        // Writing a new file through the link would create it outside.
        assertThatThrownBy(() -> workspace.resolve("link/new.txt")).hasMessageContaining("outside the workspace");
    }

    @Test
    void aDanglingSymlinkToOutsideIsDeniedBeforeAnythingIsCreated() throws IOException {
        Files.createSymbolicLink(root.resolve("dangling"), outside.resolve("not-yet.txt"));

        assertThatThrownBy(() -> workspace.resolve("dangling")).hasMessageContaining("outside the workspace");
    }

    @Test
    void aSymlinkChainIsFollowedToItsEnd() throws IOException {
        Files.createSymbolicLink(root.resolve("c"), outside.resolve("secret.txt"));
        Files.createSymbolicLink(root.resolve("b"), root.resolve("c"));
        Files.createSymbolicLink(root.resolve("a"), Path.of("b"));
        Files.createSymbolicLink(root.resolve("inside-a"), Path.of("inside-b"));
        Files.createSymbolicLink(root.resolve("inside-b"), Path.of("src/Main.java"));

        assertThatThrownBy(() -> workspace.resolve("a")).hasMessageContaining("outside the workspace");
        assertThat(workspace.resolve("inside-a")).isEqualTo(root.toRealPath().resolve("src/Main.java"));
    }

    @Test
    void aSymlinkLoopIsDenied() throws IOException {
        Files.createSymbolicLink(root.resolve("loop1"), Path.of("loop2"));
        Files.createSymbolicLink(root.resolve("loop2"), Path.of("loop1"));

        assertThatThrownBy(() -> workspace.resolve("loop1/file")).isInstanceOf(PathDeniedException.class)
                .hasMessageContaining("could not be resolved");
    }

    @Test
    void protectedFoldersAndSecretFilesAreDenied() throws IOException {
        Files.createDirectories(root.resolve(".git/hooks"));
        Files.writeString(root.resolve(".env"), "KEY=1");

        assertThatThrownBy(() -> workspace.resolve(".git/hooks/pre-commit"))
                .hasMessage("'.git/hooks/pre-commit' is inside .git/, which is protected");
        assertThatThrownBy(() -> workspace.resolve("src/../.git/config")).hasMessageContaining("inside .git/");
        assertThatThrownBy(() -> workspace.resolve(".env")).hasMessageContaining("is a secret file (.env)");
        assertThatThrownBy(() -> workspace.resolve("config/.env.production")).hasMessageContaining("secret file");
        assertThatThrownBy(() -> workspace.resolve("deploy/id_rsa")).hasMessageContaining("secret file");
        assertThatThrownBy(() -> workspace.resolve("certs/server.pem")).hasMessageContaining("key file (.pem)");
        assertThatThrownBy(() -> workspace.resolve("home/.ssh/config")).hasMessageContaining("inside .ssh/");
        assertThatThrownBy(() -> workspace.resolve("~/.aws/credentials")).isInstanceOf(PathDeniedException.class);
        assertThat(workspace.resolve(".env.example")).isNotNull();
    }

    @Test
    void aSymlinkWithAnInnocentNameToASecretFileIsDenied() throws IOException {
        Files.writeString(root.resolve(".env"), "KEY=1");
        Files.createSymbolicLink(root.resolve("notes.txt"), Path.of(".env"));

        assertThatThrownBy(() -> workspace.resolve("notes.txt")).hasMessageContaining("secret file (.env)");
    }

    @Test
    void caseAndUnicodeTricksOnProtectedNamesAreDenied() {
        assertThatThrownBy(() -> workspace.resolve(".ENV")).hasMessageContaining("secret file (.env)");
        assertThatThrownBy(() -> workspace.resolve(".Git/config")).hasMessageContaining("inside .git/");
        // Full-width letters normalise to the protected name.
        assertThatThrownBy(() -> workspace.resolve("\uFF0Eenv")).hasMessageContaining("secret file (.env)");
        assertThatThrownBy(() -> workspace.resolve(".\uFF47it/config")).hasMessageContaining("inside .git/");
        // Invisible characters that would make a name look like another are refused outright.
        assertThatThrownBy(() -> workspace.resolve(".e\u200Bnv")).hasMessageContaining("invisible characters");
        assertThatThrownBy(() -> workspace.resolve("src/\u202Etxt.exe")).hasMessageContaining("invisible characters");
        assertThatThrownBy(() -> workspace.resolve("a\u0000b")).hasMessageContaining("control");
    }

    @Test
    void theUsersAgentloopFolderIsProtected() throws IOException {
        Path config = Files.createDirectories(temp.resolve("home/.config/agentloop"));
        SandboxWorkspace withHome = SandboxWorkspace.builder(temp).protectedDirectory(config).build();

        assertThatThrownBy(() -> withHome.resolve("home/.config/agentloop/agentloop.yaml"))
                .hasMessageContaining("which is protected");
    }

    @Test
    void anExtraDirectoryIsAllowed() throws IOException {
        SandboxWorkspace withExtra = SandboxWorkspace.builder(root).extraDirectory(outside).build();

        assertThat(withExtra.resolve(outside.resolve("secret.txt").toString()))
                .isEqualTo(outside.toRealPath().resolve("secret.txt"));
        assertThat(withExtra.resolve("../elsewhere/secret.txt")).isEqualTo(outside.toRealPath().resolve("secret.txt"));
        assertThatThrownBy(() -> withExtra.resolve("/etc/passwd")).hasMessageContaining("and its extra directories");
    }

    @Test
    void permitsAgreesWithResolve() throws IOException {
        Files.createDirectories(root.resolve(".git"));
        assertThat(workspace.permits(root.toRealPath().resolve("src/Main.java"))).isTrue();
        assertThat(workspace.permits(root.toRealPath().resolve(".git/config"))).isFalse();
        assertThat(workspace.permits(Path.of("/etc/passwd"))).isFalse();
    }

    @Test
    void childProcessesDoNotGetSecretLookingVariables() {
        SandboxWorkspace ws = SandboxWorkspace.builder(root).environment(Map.of(
                "PATH", "/usr/bin", "HOME", "/home/u", "OPENAI_API_KEY", "sk-x", "GITHUB_TOKEN", "t",
                "AWS_SECRET_ACCESS_KEY", "s", "DB_PASSWORD", "p", "INNOCENT", "sk-proj-abcdefghijklmnopqrstuvwxyz",
                "MONKEY_COUNT", "3", "SSL_CERT_FILE", "/etc/ssl/cert.pem", "CI_JOB_TOKEN", "ci"))
                .environmentAllowlist(Set.of("CI_JOB_TOKEN")).build();

        assertThat(ws.childEnvironment()).containsOnlyKeys("PATH", "HOME", "MONKEY_COUNT", "SSL_CERT_FILE", "CI_JOB_TOKEN");
    }

    @Test
    void aMissingRootIsAClearError() {
        assertThatThrownBy(() -> SandboxWorkspace.of(temp.resolve("nope")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("does not exist");
    }
}
