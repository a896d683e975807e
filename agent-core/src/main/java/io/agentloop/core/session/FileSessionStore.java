package io.agentloop.core.session;

import io.agentloop.api.message.Message;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.run.CallProgress;
import io.agentloop.api.run.OpenTurn;
import io.agentloop.api.session.Session;
import io.agentloop.api.session.SessionInfo;
import io.agentloop.api.session.SessionLockedException;
import io.agentloop.api.session.SessionStore;
import io.agentloop.api.session.SessionWriter;
import io.agentloop.core.secret.PrivateFiles;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import tools.jackson.databind.node.ObjectNode;

/**
 * The built-in session store ({@code file}): one append-only JSON-lines file per session in a
 * folder private to the user ({@code 0700}, files {@code 0600}). Each record is written and synced
 * before the call returns; a session being written is locked with an OS file lock, so a second
 * process is refused instead of interleaving lines (and the lock goes when a crashed process does).
 * Whole-file writes (create, fork) go through a temporary file, fsync and rename.
 *
 * <p>Listing reads only the sessions that changed since the last list: {@code sessions.idx} in the
 * folder keeps each session's title, creation time and message count, checked against the file's
 * size and modification time before use (see {@link SessionIndex}).
 *
 * <p>The folder: the constructor's, else {@code AGENTLOOP_SESSIONS}, else
 * {@code $XDG_DATA_HOME/agentloop/sessions}, else {@code ~/.local/share/agentloop/sessions}.
 */
public final class FileSessionStore implements SessionStore {
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,127}");
    private static final DateTimeFormatter ID_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")
            .withZone(ZoneOffset.UTC);
    private static final SecureRandom RANDOM = new SecureRandom();

    private static final Comparator<SessionInfo> NEWEST_FIRST = Comparator.comparing(SessionInfo::updated).reversed()
            .thenComparing(SessionInfo::id);

    /** How old a file must be before its listing is cached. */
    static final long SETTLE_MILLIS = 3_000;

    private final Path folder;
    private final AtomicInteger fullReads = new AtomicInteger();

    /** The store in the default folder (see the class comment). */
    public FileSessionStore() {
        this(defaultFolder());
    }

    public FileSessionStore(Path folder) {
        this.folder = folder.toAbsolutePath().normalize();
    }

    public static Path defaultFolder() {
        String configured = System.getenv("AGENTLOOP_SESSIONS");
        if (configured != null && !configured.isBlank()) {
            return Path.of(configured);
        }
        String data = System.getenv("XDG_DATA_HOME");
        Path base = data != null && !data.isBlank() ? Path.of(data)
                : Path.of(System.getProperty("user.home"), ".local", "share");
        return base.resolve("agentloop").resolve("sessions");
    }

    public Path folder() {
        return folder;
    }

    @Override
    public String name() {
        return "file";
    }

    @Override
    public SessionInfo create(String title) {
        Instant now = Instant.now();
        String id = ID_TIME.format(now) + "-" + HexFormat.of().formatHex(RANDOM.generateSeed(3));
        writeWhole(id, header(id, title, now, Optional.empty()), List.of());
        return new SessionInfo(id, title.isBlank() ? "untitled" : title, now, now, 0);
    }

    @Override
    public SessionWriter open(String sessionId) {
        Path file = file(sessionId);
        if (!Files.isRegularFile(file)) {
            throw new NoSuchElementException(noSuchSession(sessionId));
        }
        SessionLock lock = SessionLock.acquire(lockFile(sessionId), sessionId);
        try {
            SessionLog log = SessionLog.read(file, sessionId).orElseThrow(() ->
                    new NoSuchElementException(noSuchSession(sessionId)));
            RandomAccessFile out = new RandomAccessFile(file.toFile(), "rw");
            try {
                out.setLength(log.validLength); // a record cut off by a crash goes; whole ones stay
                out.seek(log.validLength);
            } catch (IOException e) {
                out.close();
                throw e;
            }
            // a turn left open stays open: the run that goes on from it carries out what is left
            return new FileSessionWriter(sessionId, out, lock);
        } catch (IOException e) {
            lock.release();
            throw new UncheckedIOException("cannot open session " + sessionId + " in " + folder + ": " + e.getMessage(),
                    e);
        } catch (RuntimeException e) {
            lock.release();
            throw e;
        }
    }

    @Override
    public Optional<Session> load(String sessionId) {
        try {
            return SessionLog.read(file(sessionId), sessionId).map(log -> log.session);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read session " + sessionId + ": " + e.getMessage(), e);
        }
    }

    /**
     * {@inheritDoc}
     *
     * <p>Reads only the sessions that changed since the index ({@link SessionIndex}) saw them: one
     * directory read and one attribute read per session otherwise.
     */
    @Override
    public List<SessionInfo> list() {
        Map<String, SessionIndex.Stat> files = SessionIndex.scan(folder, FileSessionStore::isId);
        Map<String, SessionIndex.Entry> index = SessionIndex.read(folder);
        // A file changed in the last few seconds may change again within the same clock tick with the
        // same size (opening a session cuts a broken record off and appends): it is not cached yet.
        long settled = System.currentTimeMillis() - SETTLE_MILLIS;
        List<SessionIndex.Entry> entries = new ArrayList<>(files.size());
        boolean changed = index.keySet().stream().anyMatch(id -> !files.containsKey(id));
        for (SessionIndex.Stat file : files.values()) {
            SessionIndex.Entry entry = index.get(file.id());
            if (entry == null || !entry.file().equals(file)) {
                entry = readEntry(file);
                if (entry == null) {
                    continue; // deleted since the folder was read
                }
                changed |= settled(entry, settled);
            }
            entries.add(entry);
        }
        if (changed) {
            SessionIndex.write(folder, entries.stream().filter(entry -> settled(entry, settled)).toList());
        }
        return entries.stream().map(SessionIndex.Entry::info).sorted(NEWEST_FIRST).toList();
    }

    private static boolean settled(SessionIndex.Entry entry, long settled) {
        return entry.file().updated().toEpochMilli() < settled;
    }

    /** The most recently updated session: the folder's file times, then that one session read. */
    @Override
    public Optional<SessionInfo> latest() {
        List<SessionIndex.Stat> newestFirst = SessionIndex.scan(folder, FileSessionStore::isId).values().stream()
                .sorted(Comparator.comparing(SessionIndex.Stat::updated).reversed()
                        .thenComparing(SessionIndex.Stat::id)).toList();
        for (SessionIndex.Stat file : newestFirst) {
            Optional<Session> session = load(file.id());
            if (session.isPresent()) {
                SessionInfo read = session.get().info();
                return Optional.of(new SessionInfo(read.id(), read.title(), read.created(), file.updated(),
                        read.messageCount()));
            }
        }
        return Optional.empty();
    }

    /** Reads a session whole for its listing, with the file's state before the read; null if it is gone. */
    private SessionIndex.Entry readEntry(SessionIndex.Stat file) {
        fullReads.incrementAndGet();
        return load(file.id()).map(session -> new SessionIndex.Entry(file, session.info().title(),
                session.info().created(), session.info().messageCount())).orElse(null);
    }

    /**
     * The runs of every session, oldest first, for statistics: read from {@code sessions.runs} beside
     * the sessions, each session read whole only when it changed since (see {@code RunIndex}).
     */
    public List<RunSummary> runs() {
        return RunIndex.runs(folder, FileSessionStore::isId, id -> {
            fullReads.incrementAndGet();
            return load(id);
        }, System.currentTimeMillis() - SETTLE_MILLIS);
    }

    /** For tests: how many sessions were read whole to list them or their runs. */
    int fullReads() {
        return fullReads.get();
    }

    private static boolean isId(String id) {
        return ID.matcher(id).matches();
    }

    @Override
    public SessionInfo fork(String sessionId, Optional<String> checkpoint) {
        Session source = load(sessionId).orElseThrow(() -> new NoSuchElementException(noSuchSession(sessionId)));
        Optional<Session.Restorable> at = checkpoint.map(source::checkpoint);
        List<Message> messages = at.map(Session.Restorable::messages).orElse(source.messages());
        Instant now = Instant.now();
        String id = ID_TIME.format(now) + "-" + HexFormat.of().formatHex(RANDOM.generateSeed(3));
        String title = source.info().title() + " (fork)";
        List<ObjectNode> records = new ArrayList<>();
        for (Message message : messages) {
            if (message instanceof ToolMessage tool) {
                for (ToolResultBlock result : tool.results()) {
                    records.add(FileSessionWriter.resultRecord(result));
                }
            } else {
                records.add(FileSessionWriter.messageRecord(message));
            }
        }
        if (at.isEmpty()) {
            source.openTurn().ifPresent(turn -> records.addAll(openTurnRecords(turn)));
        }
        at.ifPresent(restorable -> records.add(FileSessionWriter.checkpointRecord(restorable.checkpoint())));
        writeWhole(id, header(id, title, now, Optional.of(sessionId + checkpoint.map(c -> "@" + c).orElse(""))),
                records);
        return new SessionInfo(id, title, now, now, messages.size());
    }

    /** The records that make a session's open turn again, each call as far as it got and when. */
    private static List<ObjectNode> openTurnRecords(OpenTurn turn) {
        List<ObjectNode> records = new ArrayList<>();
        records.add(FileSessionWriter.messageRecord(turn.turn()));
        for (CallProgress call : turn.calls()) {
            switch (call.stage()) {
                case FINISHED -> records.add(FileSessionWriter.resultRecord(call.result().orElseThrow(), call.at()));
                case STARTED -> records.add(FileSessionWriter.startedRecord(call.call(), call.at()));
                case PENDING -> {
                    records.add(FileSessionWriter.pendingRecord(call.pending().orElseThrow(), call.at()));
                    call.decision().ifPresent(d -> records.add(FileSessionWriter.decidedRecord(d, call.at())));
                }
                case NOT_STARTED -> {
                    // nothing of it is on record but the turn
                }
            }
        }
        return records;
    }

    @Override
    public boolean delete(String sessionId) {
        Path file = file(sessionId);
        if (!Files.exists(file)) {
            return false;
        }
        SessionLock lock = SessionLock.acquire(lockFile(sessionId), sessionId);
        try {
            Files.deleteIfExists(file);
            return true;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete session " + sessionId + ": " + e.getMessage(), e);
        } finally {
            lock.release();
            try {
                Files.deleteIfExists(lockFile(sessionId));
            } catch (IOException e) {
                // a stale lock file does no harm
            }
        }
    }

    Path file(String sessionId) {
        if (sessionId == null || !ID.matcher(sessionId).matches()) {
            throw new IllegalArgumentException("'" + sessionId + "' is not a session id: list them with "
                    + "'agentloop sessions list'");
        }
        return folder.resolve(sessionId + ".jsonl");
    }

    private Path lockFile(String sessionId) {
        return folder.resolve(sessionId + ".lock");
    }

    private String noSuchSession(String sessionId) {
        return "there is no session '" + sessionId + "' in " + folder + ": list them with 'agentloop sessions list'";
    }

    private static ObjectNode header(String id, String title, Instant created, Optional<String> forkedFrom) {
        ObjectNode header = SessionLog.JSON.createObjectNode().put("type", "session").put("version", 1)
                .put("id", id).put("title", title.isBlank() ? "untitled" : title).put("created", created.toString());
        forkedFrom.ifPresent(from -> header.put("forked_from", from));
        return header;
    }

    /** Writes a whole session file: temporary file, fsync, atomic rename. */
    private void writeWhole(String id, ObjectNode header, List<ObjectNode> records) {
        try {
            ensureFolder();
            Path temp = PrivateFiles.tempFile(folder, "." + id, ".tmp");
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                StringBuilder text = new StringBuilder(SessionLog.JSON.writeValueAsString(header)).append('\n');
                for (ObjectNode record : records) {
                    text.append(SessionLog.JSON.writeValueAsString(record)).append('\n');
                }
                FileSessionWriter.writeFully(channel, text.toString().getBytes(StandardCharsets.UTF_8));
                channel.force(true);
            }
            try {
                Files.move(temp, file(id), StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file(id));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write session " + id + " in " + folder + ": " + e.getMessage(), e);
        }
    }

    private void ensureFolder() throws IOException {
        PrivateFiles.folder(folder);
    }

    /** For messages that name the lock holder. */
    static SessionLockedException locked(String sessionId, String holder) {
        return new SessionLockedException("session " + sessionId + " is open in another process" + holder
                + ": wait for it to end, or fork the session ('agentloop sessions fork " + sessionId + "') and "
                + "continue the copy");
    }
}
