package io.agentloop.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.message.ToolCall;
import io.agentloop.api.run.PendingCall;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
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
    void aFileSwappedForALinkAfterItIsCheckedIsNotFollowed() throws IOException {
        Files.writeString(root.resolve("secret.txt"), "the server's key");
        Files.writeString(project.resolve("notes.txt"), "one\n");
        PendingFile swapping = new PendingFile(text -> text, workspaces, file -> swapForLink(file,
                root.resolve("secret.txt")));

        var file = swapping.of(write("notes.txt"), "project").orElseThrow();

        assertThat(file.toString()).doesNotContain("the server's key");
        assertThat(file.path("content").asString()).isEqualTo("one\n");
    }

    @Test
    void aLinkInPlaceOfTheFileOrAFolderOnItsWayIsRefusedNotFollowed() throws IOException {
        Path outside = Files.createDirectories(root.resolve("outside"));
        Files.writeString(outside.resolve("notes.txt"), "the server's key");
        Files.createDirectories(project.resolve("docs"));
        Files.writeString(project.resolve("docs/notes.txt"), "one\n");
        Files.writeString(project.resolve("notes.txt"), "one\n");
        PendingFile swapping = new PendingFile(text -> text, workspaces, file -> { });
        // the swap as a run makes it between the workspace's check and the server's opening
        Path real = project.toRealPath();
        swapForLink(real.resolve("notes.txt"), outside.resolve("notes.txt"));
        swapForLink(real.resolve("docs"), outside);

        assertThat(swapping.content(real, real.resolve("notes.txt"), node()).toString())
                .isEqualTo("{\"path\":\"notes.txt\",\"exists\":true,\"shown\":false,"
                        + "\"why\":\"it is a symbolic link, which is not followed\"}");
        assertThat(swapping.content(real, real.resolve("docs/notes.txt"), node()).toString())
                .doesNotContain("the server's key").contains("\"why\":\"a folder on its way is a symbolic link\"");
    }

    @Test
    void aFileThatGrowsPastTheLimitWhileItIsReadIsNotSentWhole() throws IOException {
        Files.writeString(project.resolve("log.txt"), "start\n");
        PendingFile growing = new PendingFile(text -> text, workspaces, file -> {
            try {
                Files.writeString(file, "x".repeat(2 * PendingFile.MAX_BYTES), StandardOpenOption.APPEND);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });

        assertThat(growing.of(write("log.txt"), "project").orElseThrow().toString())
                .isEqualTo("{\"path\":\"log.txt\",\"exists\":true,\"shown\":false,\"why\":\"it is larger than 256 KiB\"}");
    }

    @Test
    void anotherToolsCallHasNoFile() throws IOException {
        Files.writeString(project.resolve("notes.txt"), "one\n");
        PendingCall edit = new PendingCall(ToolCall.of("call_1", "edit",
                "{\"path\":\"notes.txt\",\"old_string\":\"one\",\"new_string\":\"1\"}"), List.of(), List.of());

        assertThat(pending().of(edit, "project")).isEmpty();
    }

    private static void swapForLink(Path file, Path target) {
        try {
            if (Files.isDirectory(file, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                try (var inside = Files.list(file)) {
                    for (Path each : inside.toList()) {
                        Files.delete(each);
                    }
                }
            }
            Files.delete(file);
            Files.createSymbolicLink(file, target);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static tools.jackson.databind.node.ObjectNode node() {
        return tools.jackson.databind.json.JsonMapper.builder().build().createObjectNode().put("path", "notes.txt");
    }

    private PendingFile pending() {
        return new PendingFile(text -> text.replace("hunter2", "[REDACTED]"), workspaces);
    }

    private static PendingCall write(String path) {
        return new PendingCall(ToolCall.of("call_1", "write", "{\"path\":" + tools.jackson.databind.json.JsonMapper
                .builder().build().writeValueAsString(path) + ",\"content\":\"new\"}"), List.of(), List.of());
    }
}
