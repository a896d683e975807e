package io.agentloop.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.message.ToolCall;
import io.agentloop.api.run.PendingCall;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The file a waiting {@code write} would replace, as the API sends it for the console's diff: read
 * only where the tool itself could reach, masked, and never a large or binary file.
 */
class PendingFileTest {
    @TempDir
    Path root;
    Path workspaces;
    Path project;

    @BeforeEach
    void workspace() throws IOException {
        workspaces = Files.createDirectories(root.resolve("work spaces"));
        project = Files.createDirectories(workspaces.resolve("project"));
    }

    @Test
    void aFileThatExistsIsSentMasked() throws IOException {
        Files.writeString(project.resolve("notes.txt"), "one\npassword hunter2\n");

        var file = pending().of(write("notes.txt"), "project").orElseThrow();

        assertThat(file.toString()).isEqualTo("{\"path\":\"notes.txt\",\"exists\":true,\"shown\":true,"
                + "\"content\":\"one\\npassword [REDACTED]\\n\"}");
    }

    @Test
    void aNewFileIsSentAsEmpty() {
        assertThat(pending().of(write("new/fresh.txt"), "project").orElseThrow().toString())
                .isEqualTo("{\"path\":\"new/fresh.txt\",\"exists\":false,\"shown\":true,\"content\":\"\"}");
    }

    @Test
    void aPathTheToolCannotReachIsNotRead() throws IOException {
        Files.writeString(root.resolve("secret.txt"), "outside");
        Files.createSymbolicLink(project.resolve("link.txt"), root.resolve("secret.txt"));

        assertThat(pending().of(write("../../secret.txt"), "project")).isEmpty();
        assertThat(pending().of(write(root.resolve("secret.txt").toString()), "project")).isEmpty();
        assertThat(pending().of(write("link.txt"), "project")).isEmpty();
        assertThat(pending().of(write("notes.txt"), "../..")).isEmpty();
    }

    @Test
    void aLargeOrBinaryFileIsNotSentAndTheReasonIsSaid() throws IOException {
        Files.writeString(project.resolve("big.txt"), "x".repeat(PendingFile.MAX_BYTES + 1));
        Files.write(project.resolve("image.png"), new byte[] {(byte) 0x89, 'P', 'N', 'G', (byte) 0xff, (byte) 0xfe});

        assertThat(pending().of(write("big.txt"), "project").orElseThrow().toString())
                .isEqualTo("{\"path\":\"big.txt\",\"exists\":true,\"shown\":false,\"why\":\"it is larger than 256 KiB\"}");
        assertThat(pending().of(write("image.png"), "project").orElseThrow().path("why").asString())
                .isEqualTo("it is not UTF-8 text");
    }

    @Test
    void anotherToolsCallHasNoFile() throws IOException {
        Files.writeString(project.resolve("notes.txt"), "one\n");
        PendingCall edit = new PendingCall(ToolCall.of("call_1", "edit",
                "{\"path\":\"notes.txt\",\"old_string\":\"one\",\"new_string\":\"1\"}"), List.of(), List.of());

        assertThat(pending().of(edit, "project")).isEmpty();
    }

    private PendingFile pending() {
        return new PendingFile(text -> text.replace("hunter2", "[REDACTED]"), workspaces);
    }

    private static PendingCall write(String path) {
        return new PendingCall(ToolCall.of("call_1", "write", "{\"path\":" + tools.jackson.databind.json.JsonMapper
                .builder().build().writeValueAsString(path) + ",\"content\":\"new\"}"), List.of(), List.of());
    }
}
