package io.agentloop.core.sandbox;

import io.agentloop.api.tool.CommandSandbox;
import io.agentloop.api.tool.CommandSandbox.Containment;
import java.nio.file.Files;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
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
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        if (os.contains("linux")) {
            return Executables.find("bwrap").<CommandSandbox>map(bwrap -> new Bubblewrap(bwrap, settings))
                    .orElseGet(() -> new Unconfined(Containment.UNAVAILABLE, unconfinedEnvironment, "bubblewrap (bwrap) "
                            + "is not installed: install it (Debian and Ubuntu: apt-get install bubblewrap; Fedora: "
                            + "dnf install bubblewrap) so commands run contained; until then every command asks"));
        }
        if (os.contains("mac") && Files.isExecutable(Seatbelt.SANDBOX_EXEC)) {
            return new Seatbelt(settings);
        }
        return new Unconfined(Containment.UNAVAILABLE, unconfinedEnvironment, "this system (" + os + ") has no "
                + "sandbox Agentloop can use; every command asks");
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
