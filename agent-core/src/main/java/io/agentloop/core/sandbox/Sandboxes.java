package io.agentloop.core.sandbox;

import io.agentloop.api.tool.CommandSandbox;
import io.agentloop.api.tool.CommandSandbox.Containment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Chooses the command sandbox for this system: bubblewrap on Linux, Seatbelt on macOS, and no
 * sandbox (said plainly) elsewhere or when the program is missing. Looking costs no process start;
 * bubblewrap checks that it works at its first command.
 */
public final class Sandboxes {
    /** Variables commands keep by default: what programs need to behave, nothing that identifies a service. */
    private static final Set<String> KEPT = Set.of("PATH", "HOME", "USER", "LOGNAME", "SHELL", "LANG", "LANGUAGE",
            "TERM", "TZ", "COLORTERM", "NO_COLOR", "LC_ALL", "LC_CTYPE", "LC_COLLATE", "LC_MESSAGES", "LC_MONETARY",
            "LC_NUMERIC", "LC_TIME");

    private Sandboxes() {
    }

    /**
     * The best sandbox available.
     *
     * @param unconfinedEnvironment the environment commands get if no sandbox exists (already filtered of secrets)
     */
    public static CommandSandbox detect(SandboxSettings settings, Map<String, String> unconfinedEnvironment) {
        return detect(settings, unconfinedEnvironment, Optional.empty());
    }

    /**
     * As above, with bubblewrap where {@code program} says ({@code sandbox.program}), else from the
     * system's folders ({@code /usr/bin}, {@code /bin}, {@code /usr/local/bin}...), never from the
     * {@code PATH}.
     *
     * @throws IllegalArgumentException when {@code program} is not an absolute path to an executable file
     */
    public static CommandSandbox detect(SandboxSettings settings, Map<String, String> unconfinedEnvironment,
                                        Optional<Path> program) {
        program.ifPresent(Sandboxes::requireProgram);
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        if (os.contains("linux")) {
            return program.or(() -> Executables.inSystemFolders("bwrap"))
                    .<CommandSandbox>map(bwrap -> new Bubblewrap(bwrap, settings))
                    .orElseGet(() -> new Unconfined(Containment.UNAVAILABLE, unconfinedEnvironment, "bubblewrap (bwrap) "
                            + "is not installed in " + String.join(", ", Executables.SYSTEM_FOLDERS) + ": install it "
                            + "(Debian and Ubuntu: apt-get install bubblewrap; Fedora: dnf install bubblewrap), or name "
                            + "it with sandbox.program, so commands run contained; until then every command asks"));
        }
        if (os.contains("mac") && Files.isExecutable(Seatbelt.SANDBOX_EXEC)) {
            return new Seatbelt(settings);
        }
        return new Unconfined(Containment.UNAVAILABLE, unconfinedEnvironment, "this system (" + os + ") has no "
                + "sandbox Agentloop can use; every command asks");
    }

    private static void requireProgram(Path program) {
        if (!program.isAbsolute() || !Files.isRegularFile(program) || !Files.isExecutable(program)) {
            throw new IllegalArgumentException("sandbox.program must be the absolute path of the bubblewrap program "
                    + "(for example /usr/bin/bwrap), and " + program + " is not an executable file there");
        }
    }

    /** No sandbox, because the user said so. */
    public static CommandSandbox disabled(Map<String, String> unconfinedEnvironment) {
        return new Unconfined(Containment.DISABLED, unconfinedEnvironment, "turned off by the configuration "
                + "(sandbox.enabled: false): commands run unconfined, as you, with your files and network");
    }

    /**
     * The environment sandboxed commands get: the variables programs need to behave ({@code PATH},
     * {@code HOME}, locale, terminal), those the user allowed by name, and {@code TMPDIR=/tmp}.
     * Everything else, credentials first, stays outside.
     */
    public static Map<String, String> environment(Map<String, String> from, Set<String> allowed) {
        Map<String, String> kept = new LinkedHashMap<>();
        from.forEach((name, value) -> {
            if (KEPT.contains(name) || allowed.contains(name)) {
                kept.put(name, value);
            }
        });
        kept.put("TMPDIR", "/tmp");
        return kept;
    }
}
