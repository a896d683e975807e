package io.agentloop.core.permission;

import java.util.Arrays;
import java.util.Locale;

/**
 * How much runs without asking, when no rule decides. In every mode deny rules win, paths outside
 * the workspace and protected files are denied, and commands run in the command sandbox. Where no
 * sandbox contains commands, commands ask in every mode (unless the user turned the sandbox off
 * on purpose).
 *
 * <table>
 *   <caption>What asks, by mode (a rule can always say otherwise)</caption>
 *   <tr><th>mode</th><th>read</th><th>write / edit in the workspace</th><th>command</th><th>other tools that change things</th></tr>
 *   <tr><td>{@link #ASK}</td><td>allowed</td><td>ask</td><td>ask</td><td>ask</td></tr>
 *   <tr><td>{@link #EDIT}</td><td>allowed</td><td>allowed</td><td>ask</td><td>ask</td></tr>
 *   <tr><td>{@link #AUTO}</td><td>allowed</td><td>allowed</td><td>allowed in the sandbox</td><td>ask</td></tr>
 *   <tr><td>{@link #YES}</td><td>allowed</td><td>allowed</td><td>allowed in the sandbox</td><td>allowed (ask rules too)</td></tr>
 * </table>
 */
public enum PermissionMode {
    /** Writes, commands and tools that change things ask (the default). */
    ASK,
    /** Writes and edits inside the workspace run; commands ask. */
    EDIT,
    /** Writes run, and commands run inside the sandbox; other tools that change things ask. */
    AUTO,
    /**
     * Everything that would ask runs (the launcher's {@code --yes}, and the library's default:
     * {@link PermissionPolicy#trusting()}); commands still run in the sandbox.
     */
    YES;

    /**
     * This mode, for a run on a host that allows at most {@code widest}: a run may narrow its host's
     * mode, never widen it (a served run within the server's {@code server.mode}, a durable run within
     * its workers' mode). {@code PermissionMode.ASK.within(YES, "the server allows")} is {@code ASK}.
     *
     * @param bound who sets the bound, for the message ({@code "the server allows"})
     * @throws IllegalArgumentException when this mode is wider, naming both and the modes allowed
     */
    public PermissionMode within(PermissionMode widest, String bound) {
        if (compareTo(widest) > 0) {
            throw new IllegalArgumentException("mode " + this + " is wider than " + bound + " (" + widest
                    + "): ask for " + String.join(" or ", Arrays.stream(values()).filter(m -> m.compareTo(widest) <= 0)
                    .map(PermissionMode::toString).toList()));
        }
        return this;
    }

    /**
     * Reads {@code ask}, {@code edit}, {@code auto} or {@code yes}, in any case.
     *
     * @throws IllegalArgumentException naming the value and the choices
     */
    public static PermissionMode parse(String text) {
        try {
            return valueOf(text.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + text + "' is not a permission mode: use ask, edit, auto or yes");
        }
    }

    /** As written in configuration. */
    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** What this mode lets run without asking, for the line a run prints. */
    public String summary() {
        return switch (this) {
            case ASK -> "writes, commands and tools that change things ask";
            case EDIT -> "edits in the workspace run, commands ask";
            case AUTO -> "edits in the workspace and commands in the sandbox run, other tools that change things ask";
            case YES -> "everything that would ask runs (deny rules and the sandbox still apply)";
        };
    }
}
