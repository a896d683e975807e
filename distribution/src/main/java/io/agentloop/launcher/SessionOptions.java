package io.agentloop.launcher;

import picocli.CommandLine.Model.CommandSpec;

/** How {@code run} and {@code chat} use sessions: a new one by default, or one to continue. */
final class SessionOptions {
    String resume;
    boolean continueLast;
    String from;
    boolean none;

    /** Whether an existing session is continued ({@code --resume} or {@code --continue}). */
    boolean continuing() {
        return resume != null || continueLast;
    }

    /** Adds these options to a command. */
    void addTo(CommandSpec spec) {
        spec.addOption(Cli.option(String.class, "ID", "Continue the session with this id (see 'agentloop "
                + "sessions').", () -> resume, v -> resume = v, "--resume"));
        spec.addOption(Cli.flag("Continue the most recent session.", () -> continueLast, v -> continueLast = v,
                "--continue"));
        spec.addOption(Cli.option(String.class, "CHECKPOINT", "With --resume or --continue: continue from this "
                + "checkpoint of the session, in a fork (the session itself stays as it is).", () -> from,
                v -> from = v, "--from"));
        spec.addOption(Cli.flag("Do not save this conversation as a session.", () -> none, v -> none = v,
                "--no-session"));
    }
}
