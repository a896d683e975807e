package io.agentloop.server.run;

import io.agentloop.core.permission.PermissionMode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The served runs on disk, one small JSON file each in {@code <data>/runs/}, written whole (a
 * temporary file moved over the old one) at every change of state, so a server started again
 * lists every run it had; beside it the run's events, a line each ({@link EventLog}), so its stream
 * replays after a restart. What a run did is in its session; this is only which session, where,
 * and how it stood. Readable by the server's user alone.
 */
final class RunRecords {
    private static final Logger LOG = LoggerFactory.getLogger(RunRecords.class);
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private final Path folder;

    RunRecords(Path data) {
        this.folder = data.resolve("runs");
        try {
            Files.createDirectories(folder);
            try {
                Files.setPosixFilePermissions(data, PosixFilePermissions.fromString("rwx------"));
            } catch (UnsupportedOperationException notPosix) {
                // the folder keeps the platform's default rights
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make the server's data folder " + folder + ": " + e.getMessage(), e);
        }
    }

    /** The events of a new run, kept beside its record. */
    EventLog newEvents(String id) {
        return new EventLog(events(id), 0);
    }

    /** Forgets a run: its record and its events. */
    void delete(ServedRun run) {
        for (Path file : List.of(folder.resolve(run.id() + ".json"), events(run.id()))) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                LOG.warn("could not delete {} of the forgotten run {}: {}", file, run.id(), e.toString());
            }
        }
    }

    private Path events(String id) {
        return folder.resolve(id + ".events.jsonl");
    }

    void save(ServedRun run) {
        ObjectNode node = JSON.createObjectNode().put("id", run.id()).put("owner", run.owner())
                .put("agent", run.agent()).put("session", run.session()).put("workspace", run.workspace())
                .put("mode", run.mode().toString()).put("created", run.created().toString())
                .put("updated", run.updated().toString()).put("state", run.status().name())
                .put("last_event", run.events().last());
        run.task().ifPresent(task -> node.put("task", task));
        run.reason().ifPresent(reason -> node.put("reason", reason));
        run.answer().ifPresent(answer -> node.put("answer", answer));
        run.error().ifPresent(error -> node.put("error", error));
        Path file = folder.resolve(run.id() + ".json");
        Path temporary = folder.resolve(run.id() + ".json.tmp");
        try {
            Files.write(temporary, JSON.writeValueAsBytes(node));
            try {
                Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            // the run goes on; a restart would not list it as it stands now
            LOG.warn("could not save served run {} to {}: {}", run.id(), file, e.toString());
        }
    }

    /** Every run on record; a file that cannot be read is named in the log and left where it is. */
    List<ServedRun> load() {
        List<ServedRun> runs = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(folder, "*.json")) {
            for (Path file : files) {
                try {
                    runs.add(read(JSON.readTree(Files.readAllBytes(file)), file));
                } catch (IOException | JacksonException | IllegalArgumentException | NullPointerException e) {
                    LOG.warn("the served run record {} cannot be read and is left out: {}", file, e.toString());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the server's runs in " + folder + ": " + e.getMessage(), e);
        }
        return runs;
    }

    private ServedRun read(JsonNode node, Path file) {
        String id = text(node, "id");
        if (!file.getFileName().toString().equals(id + ".json")) {
            throw new IllegalArgumentException("the record of run " + id + " is in another run's file");
        }
        ServedRun run = new ServedRun(id, text(node, "owner"), text(node, "agent"), text(node, "session"),
                text(node, "workspace"), PermissionMode.parse(text(node, "mode")), optional(node, "task"),
                Instant.parse(text(node, "created")), RunStatus.valueOf(text(node, "state")),
                new EventLog(events(id), node.path("last_event").asLong(0)));
        run.restored(optional(node, "reason"), optional(node, "answer"), optional(node, "error"),
                Instant.parse(text(node, "updated")));
        return run;
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || !value.isString()) {
            throw new IllegalArgumentException("no " + field);
        }
        return value.asString();
    }

    private static Optional<String> optional(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || !value.isString() ? Optional.empty() : Optional.of(value.asString());
    }
}
