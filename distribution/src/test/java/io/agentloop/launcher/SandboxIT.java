package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.launcher.InstalledLauncher.Outcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The command sandbox as the built installation runs it: never a bubblewrap planted on the path, the
 * earlier conversations and audit log hidden from commands, and a command stopped with Ctrl-C leaving
 * no process behind.
 */
class SandboxIT extends InstallationFixture {
    @Test
    void aBubblewrapPlantedOnThePathIsNeverTheSandbox() throws Exception {
        Path planted = Files.createDirectories(work.resolve(".venv/bin"));
        Path marker = work.resolve("planted-bwrap-ran");
        Files.writeString(planted.resolve("bwrap"), "#!/bin/sh\necho ran > '" + marker + "'\nexec /usr/bin/bwrap \"$@\"\n");
        Files.setPosixFilePermissions(planted.resolve("bwrap"), PosixFilePermissions.fromString("rwx------"));
        extraEnv.put("PATH", planted + ":" + System.getenv("PATH"));
        server.enqueue(FakeOpenAi.toolCall("call_1", "bash", "{\"command\":\"echo inside-7120\"}"));
        server.enqueue(FakeOpenAi.answer("Done."));

        Outcome run = agentloop("run", "--yes", "Say it");

        assertThat(run.exit()).as(run.err() + run.out()).isZero();
        assertThat(marker).as("the bwrap planted in a folder on PATH ran").doesNotExist();
        server.takeRequest();
        assertThat(server.takeRequest().getBody().utf8()).contains("inside-7120");
    }

    @Test
    void earlierConversationsAndTheAuditLogMovedIntoTheWorkspaceStayHiddenFromCommands() throws Exception {
        String earlier = "earlier-talk-5521";
        server.enqueue(FakeOpenAi.toolCall("call_1", "bash", "{\"command\":\"echo " + earlier + "\"}"));
        server.enqueue(FakeOpenAi.answer("Noted."));
        Outcome first = agentloop("run", "--yes", "Remember " + earlier);
        assertThat(first.exit()).as(first.err() + first.out()).isZero();
        assertThat(Files.readString(auditLog)).contains(earlier);
        server.takeRequest();
        server.takeRequest();
        server.enqueue(FakeOpenAi.toolCall("call_2", "bash", "{\"command\":" + jsonString("cat audit.jsonl; cat "
                + "sessions/* sessions/*/* 2>&1; grep -r " + earlier.substring(0, 8) + " sessions audit.jsonl; "
                + "echo looked") + "}"));
        server.enqueue(FakeOpenAi.answer("Nothing."));

        Outcome second = agentloop("run", "--yes", "What did we talk about?");

        assertThat(second.exit()).as(second.err() + second.out()).isZero();
        server.takeRequest();
        assertThat(server.takeRequest().getBody().utf8()).contains("looked").doesNotContain(earlier);
    }

    @Test
    void ctrlCDuringAToolEndsTheRunCancelledWithEveryRecordTheCheckpointAndNoProcessLeft() throws Exception {
        String marker = "agentloop-marker-" + java.util.UUID.randomUUID();
        server.enqueue(FakeOpenAi.toolCall("call_1", "bash", "{\"command\":\"setsid bash -c 'sleep 300; true "
                + marker + "' & echo started; sleep 60\"}"));
        Process launcher = startAndAwaitTool("run", "--json", "--yes", "Wait a minute");
        Await.until("the command's background process", () -> !processesNamed(marker).isEmpty() || !launcher.isAlive(),
                () -> Files.readString(work.resolve("err.txt")));

        ctrlC(launcher);

        Await.exit(launcher, "the launcher exits after Ctrl-C");
        assertThat(launcher.exitValue()).as(Files.readString(work.resolve("err.txt"))).isEqualTo(130);
        Path session;
        try (Stream<Path> files = Files.list(work.resolve("sessions"))) {
            session = files.filter(f -> f.toString().endsWith(".jsonl")).findFirst().orElseThrow();
        }
        List<String> records = Files.readAllLines(session);
        assertThat(records).anySatisfy(r -> assertThat(r).contains("\"type\":\"result\"").contains("cancelled"));
        assertThat(records.getLast()).contains("\"type\":\"checkpoint\"").contains("COMPLETED CANCELLED");
        // The sandbox's end has the kernel kill what the command left; on a loaded machine they take a moment to go.
        for (ProcessHandle left : processesNamed(marker)) {
            left.onExit().get(Await.LIMIT.toMinutes(), TimeUnit.MINUTES);
        }
        assertThat(processesNamed(marker)).as("processes the command started").isEmpty();
    }

    private static List<ProcessHandle> processesNamed(String marker) {
        return ProcessHandle.allProcesses().filter(p -> p.info().commandLine().map(c -> c.contains(marker))
                .orElse(false)).toList();
    }
}
