package io.agentloop.launcher;

import io.agentloop.api.message.Message;
import io.agentloop.api.message.Usage;
import io.agentloop.api.run.OpenTurn;
import io.agentloop.api.run.Resumption;
import io.agentloop.api.session.Checkpoint;
import io.agentloop.api.session.Session;
import io.agentloop.api.session.SessionInfo;
import io.agentloop.api.session.SessionStore;
import io.agentloop.api.session.SessionWriter;
import io.agentloop.core.session.FileSessionStore;
import io.agentloop.core.session.SessionRecorder;
import io.agentloop.core.session.SessionUsage;
import java.nio.file.Path;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;

/**
 * The launcher's sessions: which store ({@code sessions.store}, default {@code file} in
 * {@code sessions.folder} or {@code AGENTLOOP_SESSIONS}), and opening the session a command works
 * in. Every run and chat is saved unless {@code sessions.enabled} is false or {@code --no-session}.
 */
final class LauncherSessions {
    private LauncherSessions() {
    }

    static SessionStore store(Platform platform, LauncherConfig config) {
        String name = config.get("sessions.store").orElse("file");
        if (name.equals("file")) {
            return config.get("sessions.folder").map(folder -> new FileSessionStore(Path.of(folder)))
                    .orElseGet(FileSessionStore::new);
        }
        return platform.extensions().sessionStores().get(name).orElseThrow(() ->
                new ConfigLoader.ConfigurationException("there is no session store '" + name + "' (sessions.store). "
                        + "Stores: file" + platform.extensions().sessionStores().entries().stream()
                        .map(e -> ", " + e.name()).filter(n -> !n.equals(", file")).reduce("", String::concat)));
    }

    /**
     * Where the runs' events of a session are kept for {@code agentloop report}: beside the session
     * file, when the store is the {@code file} store (none otherwise).
     */
    static Optional<Path> eventsFile(Platform platform, LauncherConfig config, String sessionId) {
        return store(platform, config) instanceof FileSessionStore files
                ? Optional.of(SessionEvents.beside(files.folder(), sessionId)) : Optional.empty();
    }

    /**
     * The session a command writes to, its history, the turn its last run stopped in (if its calls did
     * not all finish; the history ends before it), and the recorder to give the agent as its journal.
     */
    record Opened(SessionInfo info, SessionWriter writer, List<Message> history, Optional<OpenTurn> openTurn,
                  SessionRecorder recorder, boolean resumed, Usage usedBefore, List<Checkpoint> checkpoints,
                  Usage carried) implements AutoCloseable {
        /**
         * How a run goes on from this session: from its open turn (a paused or stopped run), as the
         * same run, with the tokens it spent before ({@link SessionUsage#carried}), its checkpoint
         * then replacing the pause's.
         */
        Resumption resumption(Optional<String> task) {
            return new Resumption(history, openTurn, List.of(), task).withUsedBefore(carried);
        }

        @Override
        public void close() {
            writer.close();
        }
    }

    /**
     * Opens the session the options ask for: empty when sessions are off.
     *
     * @throws ConfigLoader.ConfigurationException when the session to resume does not exist, is open
     *         elsewhere, or the options contradict each other
     */
    static Optional<Opened> open(Platform platform, LauncherConfig config, SessionOptions options, String title) {
        return open(platform, config, options, title, false);
    }

    /**
     * Opens the session whose run a durable engine holds ({@link HeldRun}) for the one process that
     * follows that run into it (a server started again), which alone may open it: empty when sessions
     * are off.
     *
     * @throws ConfigLoader.ConfigurationException as {@link #open(Platform, LauncherConfig, SessionOptions, String)}
     */
    static Optional<Opened> following(Platform platform, LauncherConfig config, String sessionId) {
        SessionOptions options = new SessionOptions();
        options.resume = sessionId;
        return open(platform, config, options, "", true);
    }

    private static Optional<Opened> open(Platform platform, LauncherConfig config, SessionOptions options, String title,
                                         boolean followsHeldRun) {
        boolean continuing = options.resume != null || options.continueLast;
        if (options.none || !Boolean.parseBoolean(config.get("sessions.enabled").orElse("true"))) {
            if (continuing) {
                throw new ConfigLoader.ConfigurationException("--resume and --continue need sessions: drop "
                        + "--no-session (or set sessions.enabled: true)");
            }
            return Optional.empty();
        }
        if (options.resume != null && options.continueLast) {
            throw new ConfigLoader.ConfigurationException("choose one of --resume ID and --continue");
        }
        if (options.from != null && !continuing) {
            throw new ConfigLoader.ConfigurationException("--from needs --resume ID or --continue");
        }
        SessionStore store = store(platform, config);
        try {
            if (!continuing) {
                // a new session has nothing to read back
                SessionInfo info = store.create(title(title));
                SessionWriter writer = store.open(info.id());
                SessionRecorder recorder = new SessionRecorder(writer, 0, 0, LauncherHooks.defaultRedactor());
                return Optional.of(new Opened(info, writer, List.of(), Optional.empty(), recorder, false, Usage.ZERO,
                        List.of(), Usage.ZERO));
            }
            String id = options.resume != null ? options.resume : store.latest().map(SessionInfo::id)
                    .orElseThrow(() -> new ConfigLoader.ConfigurationException("there is no session to continue yet: "
                            + "run something first"));
            if (options.from != null) {
                id = store.fork(id, Optional.of(options.from)).id();
            }
            if (store.load(id).isEmpty()) {
                throw new NoSuchElementException("there is no session '" + id + "': list them with 'agentloop "
                        + "sessions'");
            }
            SessionWriter writer = store.open(id);
            Session current = store.load(id).orElseThrow(); // read under the lock: no other run changes it now
            Optional<HeldRun> held = HeldRun.of(current);
            if (held.isPresent() && !followsHeldRun) { // going on here too would run its calls twice
                writer.close();
                throw new ConfigLoader.ConfigurationException("session " + id + " cannot go on here: " + held.get().where()
                        + " and it goes on there. Decide its waiting calls with agentloop approve " + id + " or agentloop "
                        + "deny " + id + " (see agentloop approvals), which follows it to its end");
            }
            SessionRecorder recorder = new SessionRecorder(writer, current.messages().size(),
                    current.checkpoints().size(), LauncherHooks.defaultRedactor());
            // each model call once, whatever paused or stopped; a run going on is the run it goes on from
            SessionUsage.paused(current).ifPresent(pause -> recorder.continuing(pause.name()));
            return Optional.of(new Opened(current.info(), writer, current.messages(), current.openTurn(), recorder,
                    true, SessionUsage.total(current), current.checkpoints().stream()
                    .map(Session.Restorable::checkpoint).toList(), SessionUsage.carried(current)));
        } catch (NoSuchElementException | IllegalArgumentException e) {
            throw new ConfigLoader.ConfigurationException(e.getMessage());
        }
    }

    private static String title(String task) {
        String line = task.strip().lines().findFirst().orElse("");
        // cut between characters, never inside one (a surrogate pair would not survive UTF-8)
        return line.codePointCount(0, line.length()) <= 60 ? line
                : line.substring(0, line.offsetByCodePoints(0, 57)) + "...";
    }
}
