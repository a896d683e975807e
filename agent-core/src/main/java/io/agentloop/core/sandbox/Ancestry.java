package io.agentloop.core.sandbox;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Whether a ref moved forward: its new commit descends from its old one, so every commit it led
 * to is still in its history. Asked of the system's git ({@code merge-base --is-ancestor}), started
 * from a system folder with no configuration but the repository's own (whose parts that run
 * programs the sandbox kept read-only) and its common folder pinned, so a {@code commondir} a
 * command planted is not followed. When git cannot tell (no git, a missing object, a symbolic ref),
 * the answer is no, and the old value comes back: keeping history wins over keeping a change.
 */
final class Ancestry {
    private static final Optional<Path> GIT = Executables.inSystemFolders("git");

    private Ancestry() {
    }

    static boolean descends(Path gitDir, String old, String now) {
        if (GIT.isEmpty() || !GitRefs.isObjectId(old) || !GitRefs.isObjectId(now)) {
            return false;
        }
        ProcessBuilder builder = new ProcessBuilder(List.of(GIT.get().toString(), "merge-base", "--is-ancestor", old,
                now)).directory(gitDir.toFile()).redirectErrorStream(true);
        Map<String, String> environment = builder.environment();
        environment.clear();
        environment.putAll(Map.of("PATH", "/usr/bin:/bin", "GIT_DIR", gitDir.toString(), "GIT_COMMON_DIR",
                gitDir.toString(), "GIT_CONFIG_NOSYSTEM", "1", "GIT_CONFIG_GLOBAL", "/dev/null", "GIT_TERMINAL_PROMPT",
                "0", "LC_ALL", "C"));
        try {
            Process git = builder.start();
            git.getOutputStream().close();
            git.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
            if (!git.waitFor(30, TimeUnit.SECONDS)) {
                git.destroyForcibly();
                return false;
            }
            return git.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
