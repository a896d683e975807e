package io.agentloop.launcher;

import picocli.CommandLine.Option;

/** How {@code run} and {@code chat} use sessions: a new one by default, or one to continue. */
final class SessionOptions {
    @Option(names = "--resume", paramLabel = "ID", description = "Continue the session with this id (see "
            + "'agentloop sessions').")
    String resume;

    @Option(names = "--continue", description = "Continue the most recent session.")
    boolean continueLast;

    @Option(names = "--from", paramLabel = "CHECKPOINT", description = "With --resume or --continue: continue from "
            + "this checkpoint of the session, in a fork (the session itself stays as it is).")
    String from;

    @Option(names = "--no-session", description = "Do not save this conversation as a session.")
    boolean none;
}
