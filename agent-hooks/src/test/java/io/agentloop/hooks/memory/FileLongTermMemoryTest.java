package io.agentloop.hooks.memory;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.memory.MemoryEntry;
import io.agentloop.api.memory.Provenance;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileLongTermMemoryTest {
    private static final Instant T0 = Instant.parse("2026-11-01T00:00:00Z");

    @TempDir
    Path folder;

    private final MutableClock clock = new MutableClock();

    private static MemoryEntry entry(String id, String text, String... keywords) {
        return new MemoryEntry(id, text, Set.of(keywords), T0);
    }

    private FileLongTermMemory corpus(int max) {
        FileLongTermMemory memory = new FileLongTermMemory(folder.resolve("memory.jsonl"), max, clock);
        memory.remember(entry("db", "The staging database is PostgreSQL 15, listening on port 5433.", "staging"));
        memory.remember(entry("backup", "Database backups run nightly at 02:00 and keep 14 days of dumps.",
                "database", "backup"));
        memory.remember(entry("deploy", "Deploys go through the release pipeline; nobody deploys on Fridays.",
                "release"));
        memory.remember(entry("ui", "The web front end is built with React and Vite.", "frontend"));
        memory.remember(entry("db-users", "Database users are created by the platform team, ask in #platform.",
                "database", "access"));
        return memory;
    }

    @Test
    void theEntryThatMatchesTheRarerTermsWinsNotTheOneThatRepeatsACommonWord() {
        FileLongTermMemory memory = corpus(100);

        // "database" is in three entries, "port" and "staging" only in one: ranking, not a substring test
        assertThat(memory.recall("Which port does the staging database listen on?", 2))
                .extracting(MemoryEntry::id).first().isEqualTo("db");
        // word forms: "deploying" and "releases" find "deploys" and "release"
        assertThat(memory.recall("Can I be deploying releases on a friday?", 1)).extracting(MemoryEntry::id)
                .containsExactly("deploy");
        assertThat(memory.recall("how long are backup dumps kept", 1)).extracting(MemoryEntry::id)
                .containsExactly("backup");
        assertThat(memory.recall("quantum chromodynamics", 3)).isEmpty();
    }

    @Test
    void provenanceIsKeptInTheFileAndReadBack() {
        Path file = folder.resolve("memory.jsonl");
        FileLongTermMemory memory = new FileLongTermMemory(file, 10, clock);
        Provenance run = Provenance.ofRun("r-7", Optional.of("s-3"), Set.of("read", "fetch"));
        memory.remember(new MemoryEntry("run-r-7", "Asked: x\nAnswered: y", Set.of("x"), T0, Optional.of(run)));
        memory.remember(new MemoryEntry("m-1", "Freeze on Fridays", Set.of(), T0, Optional.of(Provenance.ofPerson())));

        List<MemoryEntry> read = new FileLongTermMemory(file, 10, clock).entries();

        assertThat(read).extracting(MemoryEntry::provenance).containsExactly(Optional.of(run),
                Optional.of(Provenance.ofPerson()));
        assertThat(read).extracting(MemoryEntry::trusted).containsExactly(false, true);
    }

    @Test
    void aNoteWrittenBeforeNotesKeptProvenanceReadsAsUnknownAndUntrusted() throws Exception {
        Path file = folder.resolve("memory.jsonl");
        Files.writeString(file, "{\"id\":\"old\",\"text\":\"Deploys happen on Tuesdays.\",\"created\":"
                + "\"2026-10-01T00:00:00Z\",\"used\":\"2026-10-01T00:00:00Z\",\"keywords\":[\"deploy\"]}\n"
                + "{\"id\":\"odd\",\"text\":\"From a later version.\",\"created\":\"2026-10-02T00:00:00Z\","
                + "\"provenance\":{\"author\":\"robot\"}}\n");

        List<MemoryEntry> read = new FileLongTermMemory(file, 10, clock).entries();

        assertThat(read).extracting(MemoryEntry::id).containsExactly("old", "odd");
        assertThat(read).extracting(MemoryEntry::provenance).containsOnly(Optional.empty());
        assertThat(read).extracting(MemoryEntry::trusted).containsOnly(false);
        assertThat(read.getFirst().text()).isEqualTo("Deploys happen on Tuesdays.");
    }

    @Test
    void pastTheLimitTheLeastRecentlyUsedEntryIsEvictedAndTheFileAgrees() {
        FileLongTermMemory memory = corpus(5);
        clock.advance();
        memory.recall("staging database port", 1); // "db" is now the most recently used

        clock.advance();
        memory.remember(entry("ci", "CI runs on two cores with a 90 minute limit.", "ci"));

        assertThat(memory.entries()).extracting(MemoryEntry::id).hasSize(5).doesNotContain("backup")
                .contains("db", "ci");
        FileLongTermMemory reloaded = new FileLongTermMemory(folder.resolve("memory.jsonl"), 5, clock);
        assertThat(reloaded.entries()).extracting(MemoryEntry::id).containsExactlyInAnyOrderElementsOf(
                memory.entries().stream().map(MemoryEntry::id).toList());
    }

    @Test
    void forgottenEntriesStayForgottenAndTheFileIsRewrittenWhenMostlyDead() throws Exception {
        Path file = folder.resolve("memory.jsonl");
        FileLongTermMemory memory = new FileLongTermMemory(file, 100, clock);
        for (int i = 0; i < 30; i++) {
            memory.remember(entry("note-" + i, "note number " + i));
        }
        for (int i = 0; i < 28; i++) {
            assertThat(memory.forget("note-" + i)).isTrue();
        }
        assertThat(memory.forget("note-0")).isFalse();

        assertThat(Files.readAllLines(file).size()).isLessThan(30);
        assertThat(new FileLongTermMemory(file, 100, clock).entries()).extracting(MemoryEntry::id)
                .containsExactlyInAnyOrder("note-28", "note-29");
    }

    /** A clock tests move by hand, one second at a time. */
    static final class MutableClock extends Clock {
        private Instant now = T0;

        void advance() {
            now = now.plusSeconds(1);
        }

        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    @Test
    void entriesRememberedAtTheSameInstantKeepInsertionOrderForEviction() {
        FileLongTermMemory memory = new FileLongTermMemory(folder.resolve("m.jsonl"), 2, clock);
        memory.remember(entry("a", "alpha"));
        memory.remember(entry("b", "beta"));
        memory.remember(entry("c", "gamma"));

        assertThat(memory.entries()).extracting(MemoryEntry::id).containsExactly("b", "c");
        assertThat(List.of(memory.recall("beta", 5).getFirst().id())).containsExactly("b");
    }
}
