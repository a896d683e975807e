package io.agentloop.hooks.memory;

import io.agentloop.api.memory.LongTermMemory;
import io.agentloop.api.memory.MemoryEntry;
import io.agentloop.api.memory.Provenance;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Long-term memory in one JSON-lines file: each entry is a line (text, keywords, created, last
 * used, provenance: who wrote it, the run and session, the outside sources in that run's context;
 * a line written before notes kept it reads back with an unknown provenance); forgetting appends a tombstone; the file is rewritten whole (temporary file, fsync,
 * rename) when it holds twice as many lines as live entries. Recall ranks entries by {@link Bm25}
 * over their text and keywords (keywords count double) and marks the returned ones as used. Past
 * {@code maxEntries}, the entry used least recently goes. Thread-safe; one process at a time.
 */
public final class FileLongTermMemory implements LongTermMemory {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final Path file;
    private final int maxEntries;
    private final Clock clock;
    private final Map<String, Stored> entries = new LinkedHashMap<>();
    private int lines;

    private record Stored(MemoryEntry entry, Instant used, List<String> terms) {
    }

    /** Its name for {@code memory.store}. */
    public static final String NAME = "file";

    public FileLongTermMemory(Path file, int maxEntries, Clock clock) {
        if (maxEntries < 1) {
            throw new IllegalArgumentException("maxEntries must be at least 1, was " + maxEntries);
        }
        this.file = file.toAbsolutePath();
        this.maxEntries = maxEntries;
        this.clock = clock;
        load();
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public synchronized void remember(MemoryEntry entry) {
        Stored stored = stored(entry, clock.instant());
        entries.remove(entry.id());
        entries.put(entry.id(), stored);
        append(record(stored));
        while (entries.size() > maxEntries) {
            String leastUsed = entries.values().stream().min(Comparator.comparing(Stored::used))
                    .orElseThrow().entry().id();
            entries.remove(leastUsed);
            append(tombstone(leastUsed));
        }
        compactIfLarge();
    }

    @Override
    public synchronized List<MemoryEntry> recall(String query, int limit) {
        List<Stored> all = new ArrayList<>(entries.values());
        double[] scores = Bm25.scores(all.stream().map(Stored::terms).toList(), Bm25.terms(query));
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            if (scores[i] > 0) {
                order.add(i);
            }
        }
        order.sort(Comparator.comparingDouble((Integer i) -> -scores[i]).thenComparing(i -> all.get(i).entry().id()));
        List<MemoryEntry> found = new ArrayList<>();
        Instant now = clock.instant();
        for (int i : order.subList(0, Math.min(limit, order.size()))) {
            Stored stored = all.get(i);
            found.add(stored.entry());
            entries.put(stored.entry().id(), new Stored(stored.entry(), now, stored.terms()));
        }
        return found;
    }

    @Override
    public synchronized boolean forget(String id) {
        if (entries.remove(id) == null) {
            return false;
        }
        append(tombstone(id));
        compactIfLarge();
        return true;
    }

    /** Every entry, least recently used first. */
    public synchronized List<MemoryEntry> entries() {
        return entries.values().stream().sorted(Comparator.comparing(Stored::used)).map(Stored::entry).toList();
    }

    private static Stored stored(MemoryEntry entry, Instant used) {
        List<String> terms = new ArrayList<>(Bm25.terms(entry.text()));
        for (String keyword : entry.keywords()) {
            List<String> keywordTerms = Bm25.terms(keyword);
            terms.addAll(keywordTerms);
            terms.addAll(keywordTerms);
        }
        return new Stored(entry, used, List.copyOf(terms));
    }

    private void load() {
        if (!Files.isRegularFile(file)) {
            return;
        }
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (line.isBlank()) {
                    continue;
                }
                lines++;
                JsonNode node;
                try {
                    node = JSON.readTree(line);
                } catch (RuntimeException torn) {
                    continue; // a line cut off by a crash
                }
                String id = node.path("id").asString();
                if (node.path("deleted").asBoolean()) {
                    entries.remove(id);
                    continue;
                }
                Set<String> keywords = new LinkedHashSet<>();
                node.path("keywords").forEach(k -> keywords.add(k.asString()));
                MemoryEntry entry = new MemoryEntry(id, node.path("text").asString(), keywords,
                        Instant.parse(node.path("created").asString()), provenance(node.path("provenance")));
                entries.remove(id);
                entries.put(id, stored(entry, Instant.parse(node.path("used").asString(entry.created().toString()))));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the memory file " + file + ": " + e.getMessage(), e);
        }
    }

    private static ObjectNode record(Stored stored) {
        ObjectNode node = JSON.createObjectNode().put("id", stored.entry().id()).put("text", stored.entry().text())
                .put("created", stored.entry().created().toString()).put("used", stored.used().toString());
        stored.entry().keywords().stream().sorted().forEach(node.putArray("keywords")::add);
        stored.entry().provenance().ifPresent(provenance -> {
            ObjectNode from = node.putObject("provenance").put("author", provenance.author().name().toLowerCase(
                    Locale.ROOT));
            provenance.runId().ifPresent(run -> from.put("run", run));
            provenance.sessionId().ifPresent(session -> from.put("session", session));
            provenance.outside().stream().sorted().forEach(from.putArray("outside")::add);
        });
        return node;
    }

    /**
     * The provenance a line keeps; empty for a line without one (written before notes kept it) or
     * with one this version does not understand, either of which is then treated as untrusted.
     */
    private static Optional<Provenance> provenance(JsonNode node) {
        if (!node.isObject()) {
            return Optional.empty();
        }
        try {
            Provenance.Author author = Provenance.Author.valueOf(node.path("author").asString("").toUpperCase(
                    Locale.ROOT));
            Set<String> outside = new LinkedHashSet<>();
            node.path("outside").forEach(source -> outside.add(source.asString()));
            return Optional.of(new Provenance(author, text(node, "run"), text(node, "session"), outside));
        } catch (IllegalArgumentException unknown) {
            return Optional.empty();
        }
    }

    private static Optional<String> text(JsonNode node, String field) {
        return node.hasNonNull(field) ? Optional.of(node.get(field).asString()) : Optional.empty();
    }

    private static ObjectNode tombstone(String id) {
        return JSON.createObjectNode().put("id", id).put("deleted", true);
    }

    private void append(ObjectNode record) {
        try {
            if (file.getParent() != null) {
                Files.createDirectories(file.getParent());
            }
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.APPEND)) {
                channel.write(java.nio.ByteBuffer.wrap((JSON.writeValueAsString(record) + "\n")
                        .getBytes(StandardCharsets.UTF_8)));
                channel.force(false);
            }
            lines++;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the memory file " + file + ": " + e.getMessage(), e);
        }
    }

    private void compactIfLarge() {
        if (lines <= 2 * Math.max(entries.size(), 8)) {
            return;
        }
        try {
            Path temp = Files.createTempFile(file.getParent(), ".memory", ".tmp");
            StringBuilder text = new StringBuilder();
            entries.values().forEach(stored -> text.append(JSON.writeValueAsString(record(stored))).append('\n'));
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                channel.write(java.nio.ByteBuffer.wrap(text.toString().getBytes(StandardCharsets.UTF_8)));
                channel.force(true);
            }
            try {
                Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
            lines = entries.size();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot rewrite the memory file " + file + ": " + e.getMessage(), e);
        }
    }
}
