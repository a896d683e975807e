package io.agentloop.core.session;

import io.agentloop.api.session.SessionInfo;
import io.agentloop.core.secret.PrivateFiles;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a session list shows of each session, kept in {@code sessions.idx} beside the sessions so
 * that listing them does not read them all. The index is a cache, never the truth: each entry
 * carries the size and modification time its session file had when the entry was made,
 * and is used only while the file still has exactly those; any other file is read again. So a
 * writer that crashed, a session another process added or changed, a session deleted by hand, an
 * index from an older version or a garbled one all end in a correct list (the index is rewritten).
 * The index is replaced whole (temporary file, fsync, rename), by whichever process lists; two
 * listing at once each write a snapshot they checked, and the later rename wins.
 *
 * <p>A file that changes without its size or modification time changing would be missed: sessions
 * only grow (a new or forked session is a new file), and the times carry nanoseconds where the file
 * system keeps them.
 */
final class SessionIndex {
    private static final Logger log = LoggerFactory.getLogger(SessionIndex.class);
    static final String FILE = "sessions.idx";
    private static final int VERSION = 1;
    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    /**
     * The first line. Entries follow, one a line, their fields separated by tabs: read without a JSON
     * parser, which a fresh JVM takes several times longer to run over ten thousand lines.
     */
    private static final String HEADER = "agentloop sessions index " + VERSION;
    private static final String TEMP_PREFIX = "." + FILE + ".";
    private static final Duration STALE_TEMP = Duration.ofHours(1);

    /** A session file as the folder shows it now. */
    record Stat(String id, long size, long modifiedNanos) {
        Instant updated() {
            return Instant.ofEpochMilli(TimeUnit.NANOSECONDS.toMillis(modifiedNanos));
        }
    }

    /** One session's listing, valid for the file state it was read at. */
    record Entry(Stat file, String title, Instant created, int messageCount) {
        Entry {
            Objects.requireNonNull(file, "file");
            Objects.requireNonNull(title, "title");
            Objects.requireNonNull(created, "created");
        }

        SessionInfo info() {
            return new SessionInfo(file.id(), title, created, file.updated(), messageCount);
        }
    }

    private SessionIndex() {
    }

    /**
     * The session files of the folder, by id: one directory read, one attribute read per file.
     * Temporary files left by a process that died while writing the index are deleted when old.
     */
    static Map<String, Stat> scan(Path folder, Predicate<String> isId) {
        Map<String, Stat> files = new HashMap<>();
        if (!Files.isDirectory(folder)) {
            return files;
        }
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder)) {
            for (Path entry : entries) {
                String name = entry.getFileName().toString();
                if (name.endsWith(".jsonl")) {
                    String id = name.substring(0, name.length() - ".jsonl".length());
                    if (isId.test(id)) {
                        stat(entry, id).ifPresent(stat -> files.put(id, stat));
                    }
                } else if ((name.startsWith(TEMP_PREFIX) || name.startsWith(RunIndex.TEMP_PREFIX))
                        && name.endsWith(".tmp")) {
                    deleteIfStale(entry);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the sessions in " + folder + ": " + e.getMessage(), e);
        }
        return files;
    }

    /** The state of one session file; empty when it is gone or not a regular file. */
    static Optional<Stat> stat(Path file, String id) {
        try {
            BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
            if (!attributes.isRegularFile()) {
                return Optional.empty();
            }
            return Optional.of(new Stat(id, attributes.size(), attributes.lastModifiedTime().to(TimeUnit.NANOSECONDS)));
        } catch (NoSuchFileException e) {
            return Optional.empty(); // deleted since the folder was read
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the attributes of " + file + ": " + e.getMessage(), e);
        }
    }

    /** The entries of the folder's index; empty when there is none or it cannot be used (then it is rebuilt). */
    static Map<String, Entry> read(Path folder) {
        Path file = folder.resolve(FILE);
        Map<String, Entry> entries = new LinkedHashMap<>();
        if (!Files.isRegularFile(file)) {
            return entries;
        }
        try (BufferedReader lines = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            if (!HEADER.equals(lines.readLine())) {
                return unusable(file, "it is not a version " + VERSION + " index", entries);
            }
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                String[] fields = line.split("\t", -1);
                if (fields.length != 6) {
                    return unusable(file, "a line has " + fields.length + " fields, not 6", entries);
                }
                Stat stat = new Stat(unescape(fields[0]), Long.parseLong(fields[1]), Long.parseLong(fields[2]));
                long created = Long.parseLong(fields[3]);
                entries.put(stat.id(), new Entry(stat, unescape(fields[5]), Instant.ofEpochSecond(
                        Math.floorDiv(created, NANOS_PER_SECOND), Math.floorMod(created, NANOS_PER_SECOND)),
                        Integer.parseInt(fields[4])));
            }
            return entries;
        } catch (IllegalArgumentException | DateTimeException | ArithmeticException e) {
            return unusable(file, e.toString(), entries);
        } catch (IOException e) {
            return unusable(file, e.toString(), entries);
        }
    }

    private static Map<String, Entry> unusable(Path file, String why, Map<String, Entry> empty) {
        log.debug("the session index {} is not used and will be rebuilt: {}", file, why);
        empty.clear();
        return empty;
    }

    /** Replaces the folder's index with these entries. */
    static void write(Path folder, Iterable<Entry> entries) {
        StringBuilder text = new StringBuilder(HEADER).append('\n');
        try {
            for (Entry entry : entries) {
                text.append(escape(entry.file().id())).append('\t').append(entry.file().size()).append('\t')
                        .append(entry.file().modifiedNanos()).append('\t').append(epochNanos(entry.created()))
                        .append('\t').append(entry.messageCount())
                        .append('\t').append(escape(entry.title())).append('\n');
            }
        } catch (ArithmeticException e) {
            log.debug("the session index in {} could not be written: {}", folder, e.toString());
            return; // only a cache: the next list reads the sessions again
        }
        replace(folder, FILE, TEMP_PREFIX, text.toString());
    }

    /**
     * Replaces one of the folder's index files with this text: temporary file, fsync, atomic rename.
     * A failure is only logged: an index is a cache, and the next reader reads the sessions again.
     */
    static void replace(Path folder, String name, String tempPrefix, String text) {
        Path temp = null;
        try {
            temp = PrivateFiles.tempFile(folder, tempPrefix, ".tmp");
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                FileSessionWriter.writeFully(channel, text.getBytes(StandardCharsets.UTF_8));
                channel.force(true);
            }
            try {
                Files.move(temp, folder.resolve(name), StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, folder.resolve(name), StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException | UncheckedIOException e) {
            log.debug("the index {} in {} could not be written: {}", name, folder, e.toString());
            if (temp != null) {
                try {
                    Files.deleteIfExists(temp);
                } catch (IOException ignored) {
                    // an old temporary file is deleted by a later list
                }
            }
        }
    }

    private static long epochNanos(Instant time) {
        return Math.addExact(Math.multiplyExact(time.getEpochSecond(), NANOS_PER_SECOND), time.getNano());
    }

    /** A field with its backslashes, tabs and line breaks written as escapes, so it stays one field on one line. */
    static String escape(String field) {
        if (field.indexOf('\\') < 0 && field.indexOf('\t') < 0 && field.indexOf('\n') < 0 && field.indexOf('\r') < 0) {
            return field;
        }
        return field.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r");
    }

    static String unescape(String field) {
        if (field.indexOf('\\') < 0) {
            return field;
        }
        StringBuilder text = new StringBuilder(field.length());
        for (int i = 0; i < field.length(); i++) {
            char c = field.charAt(i);
            if (c == '\\' && i + 1 < field.length()) {
                char next = field.charAt(++i);
                text.append(switch (next) {
                    case 't' -> '\t';
                    case 'n' -> '\n';
                    case 'r' -> '\r';
                    case '\\' -> '\\';
                    default -> throw new IllegalArgumentException("an unknown escape \\" + next);
                });
            } else {
                text.append(c);
            }
        }
        return text.toString();
    }

    private static void deleteIfStale(Path temp) {
        try {
            FileTime modified = Files.getLastModifiedTime(temp);
            if (modified.toInstant().isBefore(Instant.now().minus(STALE_TEMP))) {
                Files.deleteIfExists(temp);
            }
        } catch (IOException e) {
            // another lister may have renamed or deleted it
        }
    }
}
