package io.agentloop.server.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.core.permission.PermissionMode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunRecordsTest {
    private static final Instant CREATED = Instant.parse("2026-03-01T10:00:00Z");

    @TempDir
    Path data;

    @Test
    void aSavedRunLoadsAsItWas() {
        RunRecords records = new RunRecords(data);
        ServedRun run = new ServedRun("run_1", "owner1", "reviewer", "s1", "project", PermissionMode.EDIT,
                Optional.of("look around"), CREATED, RunStatus.WAITING, new EventLog(0));
        run.events().append("run_started", "{}");
        run.events().append("run_state", "{}");
        run.restored(Optional.of("AWAITING_APPROVAL"), Optional.of("so far"), Optional.of("a problem"),
                CREATED.plusSeconds(5));

        records.save(run);
        List<ServedRun> loaded = new RunRecords(data).load();

        assertThat(loaded).hasSize(1);
        ServedRun back = loaded.getFirst();
        assertThat(List.of(back.id(), back.owner(), back.agent(), back.session(), back.workspace()))
                .containsExactly("run_1", "owner1", "reviewer", "s1", "project");
        assertThat(back.mode()).isEqualTo(PermissionMode.EDIT);
        assertThat(back.task()).contains("look around");
        assertThat(back.status()).isEqualTo(RunStatus.WAITING);
        assertThat(back.created()).isEqualTo(CREATED);
        assertThat(back.updated()).isEqualTo(CREATED.plusSeconds(5));
        assertThat(back.reason()).contains("AWAITING_APPROVAL");
        assertThat(back.answer()).contains("so far");
        assertThat(back.error()).contains("a problem");
        assertThat(back.events().last()).isEqualTo(2);
        assertThat(back.events().append("next", "{}")).isEqualTo(3);
    }

    @Test
    void aRunSavedAgainReplacesItsRecordAndLeavesNoTemporaryFile() throws IOException {
        RunRecords records = new RunRecords(data);
        ServedRun run = new ServedRun("run_2", "o", "default", "s2", "w", PermissionMode.ASK, Optional.empty(),
                CREATED, RunStatus.RUNNING, new EventLog(0));
        records.save(run);
        run.ended(RunStatus.CANCELLED, Optional.empty(), CREATED.plusSeconds(1));
        records.save(run);

        assertThat(records.load()).singleElement().satisfies(back -> {
            assertThat(back.status()).isEqualTo(RunStatus.CANCELLED);
            assertThat(back.task()).isEmpty();
        });
        try (Stream<Path> files = Files.list(data.resolve("runs"))) {
            assertThat(files).extracting(path -> path.getFileName().toString()).containsExactly("run_2.json");
        }
    }

    @Test
    void aRecordThatCannotBeReadIsLeftOutAndLeftWhereItIs() throws IOException {
        RunRecords records = new RunRecords(data);
        records.save(new ServedRun("run_good", "o", "default", "s", "w", PermissionMode.ASK, Optional.empty(),
                CREATED, RunStatus.COMPLETED, new EventLog(0)));
        Path runs = data.resolve("runs");
        Files.writeString(runs.resolve("run_torn.json"), "{\"id\": \"run_torn\", \"owner\": ");
        Files.writeString(runs.resolve("run_partial.json"), "{\"id\": \"run_partial\", \"state\": \"RUNNING\"}");
        Files.writeString(runs.resolve("run_state.json"), "{\"id\": \"run_state\", \"owner\": \"o\", \"agent\": \"a\", "
                + "\"session\": \"s\", \"workspace\": \"w\", \"mode\": \"ask\", \"created\": \"2026-03-01T10:00:00Z\", "
                + "\"updated\": \"2026-03-01T10:00:00Z\", \"state\": \"DREAMING\"}");
        Files.writeString(runs.resolve("run_array.json"), "[]");

        assertThat(records.load()).extracting(ServedRun::id).containsExactly("run_good");
        assertThat(runs.resolve("run_torn.json")).exists();
        assertThat(runs.resolve("run_state.json")).exists();
    }

    @Test
    void aRunsEventsAreKeptBesideItsRecordReadBackAfterARestartAndForgottenWithIt() throws Exception {
        RunRecords records = new RunRecords(data);
        ServedRun run = new ServedRun("run_3", "o", "default", "s3", "w", PermissionMode.ASK, Optional.empty(),
                CREATED, RunStatus.RUNNING, records.newEvents("run_3"));
        run.events().append("run_started", "{\"n\": 1}");
        run.events().append("text_delta", "{\"text\": \"line one\\nline two\"}");
        records.save(run);
        run.events().append("run_state", "{\"state\": \"completed\"}");
        run.events().end();
        Files.writeString(data.resolve("runs/run_3.events.jsonl"), "{\"id\": 4, \"type\": \"cut",
                java.nio.file.StandardOpenOption.APPEND);

        ServedRun back = new RunRecords(data).load().getFirst();

        assertThat(back.events().after(1, java.time.Duration.ZERO).entries()).containsExactly(
                new EventLog.Entry(2, "text_delta", "{\"text\": \"line one\\nline two\"}"),
                new EventLog.Entry(3, "run_state", "{\"state\": \"completed\"}"));
        assertThat(back.events().last()).isEqualTo(3);
        back.events().append("after", "{}");
        assertThat(new RunRecords(data).load().getFirst().events().after(3, java.time.Duration.ZERO).entries())
                .as("an event after the line a stopped server cut off is kept whole").containsExactly(
                        new EventLog.Entry(4, "after", "{}"));
        records.delete(back);
        try (Stream<Path> files = Files.list(data.resolve("runs"))) {
            assertThat(files).isEmpty();
        }
    }

    @Test
    void theDataFolderIsTheServersUsersAlone() throws IOException {
        new RunRecords(data);

        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(data))).isEqualTo("rwx------");
    }
}
