package io.agentloop.core.session;

import io.agentloop.api.message.Usage;
import io.agentloop.api.session.Session;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The runs of every session, kept in {@code sessions.runs} beside the sessions so that statistics
 * over thousands of sessions read one file. A cache like {@link SessionIndex}, and checked the same
 * way: each session's runs are used only while its file has the size and modification time it had
 * when they were read; any other session is read whole again (and a session saved before runs were
 * summarised is read once). A separate file, so that listing sessions reads no more than it did.
 *
 * <p>The format: a header line, then per session a line {@code S id size modifiedNanos runs}
 * followed by that many lines {@code R name endedNanos outcome durationMillis|- input output cached
 * reasoning provider model failedTools deniedTools}, fields separated by tabs, text escaped as in
 * the sessions index. An index of an earlier version is rebuilt.
 */
final class RunIndex {
    private static final Logger log = LoggerFactory.getLogger(RunIndex.class);
    static final String FILE = "sessions.runs";
    static final String TEMP_PREFIX = "." + FILE + ".";
    private static final String HEADER = "agentloop runs index 2";
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    /** Oldest first; runs that ended at the same time by session and name. */
    static final Comparator<RunSummary> ORDER = Comparator.comparing(RunSummary::ended)
            .thenComparing(RunSummary::session).thenComparing(RunSummary::run);

    /** One session's runs, valid for the file state they were read at. */
    record Entry(SessionIndex.Stat file, List<RunSummary> runs) {
        Entry {
            Objects.requireNonNull(file, "file");
            runs = List.copyOf(runs);
        }
    }

    private RunIndex() {
    }

    /**
     * The runs of the folder's sessions, oldest first: from the index where it is up to date, else
     * read with {@code load}; the index is rewritten when anything was read or has gone.
     */
    static List<RunSummary> runs(Path folder, Predicate<String> isId, Function<String, Optional<Session>> load,
                                 long settledBeforeMillis) {
        Map<String, SessionIndex.Stat> files = SessionIndex.scan(folder, isId);
        Map<String, Entry> index = read(folder);
        boolean changed = index.keySet().stream().anyMatch(id -> !files.containsKey(id));
        List<Entry> entries = new ArrayList<>(files.size());
        for (SessionIndex.Stat file : files.values()) {
            Entry entry = index.get(file.id());
            if (entry == null || !entry.file().equals(file)) {
                Optional<Session> session = load.apply(file.id());
                if (session.isEmpty()) {
                    continue; // deleted since the folder was read
                }
                entry = new Entry(file, RunSummary.of(session.get()));
                changed |= settled(entry, settledBeforeMillis);
            }
            entries.add(entry);
        }
        if (changed) {
            write(folder, entries.stream().filter(entry -> settled(entry, settledBeforeMillis)).toList());
        }
        return entries.stream().flatMap(entry -> entry.runs().stream()).sorted(ORDER).toList();
    }

    /** A file changed in the last seconds may change again with the same size and time: not cached yet. */
    private static boolean settled(Entry entry, long settledBeforeMillis) {
        return entry.file().updated().toEpochMilli() < settledBeforeMillis;
    }

    /** The index's entries by session; empty when there is none or it cannot be used (then it is rebuilt). */
    static Map<String, Entry> read(Path folder) {
        Path file = folder.resolve(FILE);
        Map<String, Entry> entries = new HashMap<>();
        if (!Files.isRegularFile(file)) {
            return entries;
        }
        try (BufferedReader lines = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            if (!HEADER.equals(lines.readLine())) {
                return unusable(file, "it is not a version 2 runs index", entries);
            }
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                String[] fields = fields(line, "S", 5);
                String id = SessionIndex.unescape(fields[1]);
                SessionIndex.Stat stat = new SessionIndex.Stat(id, Long.parseLong(fields[2]), Long.parseLong(fields[3]));
                int count = Integer.parseInt(fields[4]);
                List<RunSummary> runs = new ArrayList<>(count);
                for (int n = 0; n < count; n++) {
                    String run = lines.readLine();
                    if (run == null) {
                        throw new IllegalArgumentException("the runs of session " + id + " are cut off");
                    }
                    runs.add(run(id, fields(run, "R", 13)));
                }
                entries.put(id, new Entry(stat, runs));
            }
            return entries;
        } catch (IOException | IllegalArgumentException | DateTimeException | ArithmeticException e) {
            return unusable(file, e.toString(), entries);
        }
    }

    private static String[] fields(String line, String kind, int count) {
        String[] fields = line.split("\t", -1);
        if (fields.length != count || !fields[0].equals(kind)) {
            throw new IllegalArgumentException("a line is not a " + kind + " line of " + count + " fields");
        }
        return fields;
    }

    private static RunSummary run(String session, String[] f) {
        long ended = Long.parseLong(f[2]);
        Optional<Duration> duration = f[4].equals("-") ? Optional.empty()
                : Optional.of(Duration.ofMillis(Long.parseLong(f[4])));
        return new RunSummary(session, SessionIndex.unescape(f[1]), Instant.ofEpochSecond(
                Math.floorDiv(ended, NANOS_PER_SECOND), Math.floorMod(ended, NANOS_PER_SECOND)),
                SessionIndex.unescape(f[3]), duration, new Usage(Long.parseLong(f[5]), Long.parseLong(f[6]),
                Long.parseLong(f[7]), Long.parseLong(f[8])), SessionIndex.unescape(f[9]),
                SessionIndex.unescape(f[10]), RunSummary.parseFailedTools(SessionIndex.unescape(f[11])),
                RunSummary.parseFailedTools(SessionIndex.unescape(f[12])));
    }

    private static Map<String, Entry> unusable(Path file, String why, Map<String, Entry> empty) {
        log.debug("the runs index {} is not used and will be rebuilt: {}", file, why);
        empty.clear();
        return empty;
    }

    /** Replaces the folder's runs index with these entries. */
    static void write(Path folder, List<Entry> entries) {
        StringBuilder text = new StringBuilder(HEADER).append('\n');
        try {
            for (Entry entry : entries) {
                SessionIndex.Stat file = entry.file();
                text.append("S\t").append(SessionIndex.escape(file.id())).append('\t').append(file.size()).append('\t')
                        .append(file.modifiedNanos()).append('\t').append(entry.runs().size()).append('\n');
                for (RunSummary run : entry.runs()) {
                    Usage usage = run.usage();
                    text.append("R\t").append(SessionIndex.escape(run.run())).append('\t')
                            .append(Math.addExact(Math.multiplyExact(run.ended().getEpochSecond(), NANOS_PER_SECOND),
                                    run.ended().getNano())).append('\t')
                            .append(SessionIndex.escape(run.outcome())).append('\t')
                            .append(run.duration().map(d -> Long.toString(d.toMillis())).orElse("-")).append('\t')
                            .append(usage.inputTokens()).append('\t').append(usage.outputTokens()).append('\t')
                            .append(usage.cachedInputTokens()).append('\t').append(usage.reasoningTokens()).append('\t')
                            .append(SessionIndex.escape(run.provider())).append('\t')
                            .append(SessionIndex.escape(run.model())).append('\t')
                            .append(SessionIndex.escape(RunSummary.failedTools(run.failedTools()))).append('\t')
                            .append(SessionIndex.escape(RunSummary.failedTools(run.deniedTools()))).append('\n');
                }
            }
        } catch (ArithmeticException e) {
            log.debug("the runs index in {} could not be written: {}", folder, e.toString());
            return; // a time out of range: read whole next time
        }
        SessionIndex.replace(folder, FILE, TEMP_PREFIX, text.toString());
    }
}
