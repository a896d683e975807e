package io.agentloop.tools.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.core.workspace.SandboxWorkspace;
import io.agentloop.testkit.TestToolContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileToolsTest {
    @TempDir
    Path root;
    TestToolContext context;

    @BeforeEach
    void setUp() {
        context = new TestToolContext(SandboxWorkspace.of(root));
    }

    private ToolResult call(Tool tool, Object... keyValues) throws Exception {
        Map<String, Object> values = new HashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            values.put((String) keyValues[i], keyValues[i + 1]);
        }
        return tool.execute(ToolArguments.of(values), context);
    }

    private void file(String path, String content) throws IOException {
        Files.createDirectories(root.resolve(path).getParent());
        Files.writeString(root.resolve(path), content);
    }

    @Test
    void readNumbersLinesAndHonoursOffsetAndLimit() throws Exception {
        file("a.txt", "one\ntwo\nthree\nfour\n");

        assertThat(call(new ReadTool(), "path", "a.txt").content())
                .isEqualTo("     1\tone\n     2\ttwo\n     3\tthree\n     4\tfour\n");
        ToolResult window = call(new ReadTool(), "path", "a.txt", "offset", 2L, "limit", 2L);
        assertThat(window.content()).isEqualTo("     2\ttwo\n     3\tthree\n[more lines follow: continue with offset=4]\n");
        assertThat(((ToolResult.Success) window).data()).containsEntry("lastLine", 3L).containsEntry("truncated", true);
    }

    @Test
    void readRefusesMissingFilesFoldersAndBinaryFiles() throws Exception {
        Files.write(root.resolve("image.png"), new byte[] {(byte) 0x89, 'P', 'N', 'G', 0, 1, 2});
        Files.createDirectories(root.resolve("src"));

        assertThat(call(new ReadTool(), "path", "nope.txt").content())
                .isEqualTo("Error (not_found): 'nope.txt' does not exist. Check the path with list or glob");
        assertThat(call(new ReadTool(), "path", "image.png").content()).startsWith("Error (binary_file): 'image.png' is a "
                + "binary file");
        assertThat(call(new ReadTool(), "path", "src").content()).contains("is a folder; use list");
        assertThat(call(new ReadTool(), "path", "../x").content()).startsWith("Error (denied): '../x' resolves to");
    }

    @Test
    void readCapsAHugeFile() throws Exception {
        file("huge.txt", ("x".repeat(1000) + "\n").repeat(500));

        ToolResult result = call(new ReadTool(), "path", "huge.txt");

        assertThat(result.content().length()).isLessThan(ReadTool.MAX_OUTPUT_CHARS + 2000);
        assertThat(result.content()).contains("[output cap of 100000 characters reached: continue with offset=");
    }

    @Test
    void everyFileToolRefusesAFifoAtOnceInsteadOfWaitingForAWriter() throws Exception {
        Files.createDirectories(root.resolve("src"));
        Path fifo = root.resolve("src/pipe");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).redirectErrorStream(true).start();
        assertThat(mkfifo.waitFor()).as("mkfifo exit code").isZero();

        // Opening a FIFO for reading blocks until someone writes to it: nobody will, so a tool that
        // opened it would never return and the deadline would end the test.
        assertTimeoutPreemptively(Duration.ofMinutes(2), () -> {
            assertThat(call(new ReadTool(), "path", "src/pipe").content()).isEqualTo("Error (special_file): "
                    + "'src/pipe' is a FIFO (named pipe), not a regular file; the file tools only open regular files");
            assertThat(call(new EditTool(), "path", "src/pipe", "old_string", "a", "new_string", "b").content())
                    .startsWith("Error (special_file): 'src/pipe' is a FIFO");
            assertThat(call(new WriteTool(), "path", "src/pipe", "content", "x").content())
                    .startsWith("Error (special_file): 'src/pipe' is a FIFO");
            assertThat(call(new GrepTool(), "pattern", "x", "path", "src/pipe").content())
                    .startsWith("Error (special_file): 'src/pipe' is a FIFO");
            assertThat(call(new GrepTool(), "pattern", "x", "path", "src").content()).isEqualTo("no matches for x\n");
        });
        assertThat(Files.isRegularFile(fifo, LinkOption.NOFOLLOW_LINKS)).as("the FIFO is left as it was").isFalse();
        assertThat(Files.exists(fifo, LinkOption.NOFOLLOW_LINKS)).isTrue();
    }

    @Test
    void writeCreatesFoldersAndReplacesAtomically() throws Exception {
        ToolResult created = call(new WriteTool(), "path", "deep/er/new.txt", "content", "hello\nworld\n");
        assertThat(created.content()).isEqualTo("Created deep/er/new.txt (2 lines, 12 bytes)");
        assertThat(Files.readString(root.resolve("deep/er/new.txt"))).isEqualTo("hello\nworld\n");

        ToolResult replaced = call(new WriteTool(), "path", "deep/er/new.txt", "content", "bye");
        assertThat(replaced.content()).startsWith("Replaced deep/er/new.txt");
        assertThat(Files.readString(root.resolve("deep/er/new.txt"))).isEqualTo("bye");
        try (var left = Files.list(root.resolve("deep/er"))) {
            assertThat(left).extracting(p -> p.getFileName().toString()).containsExactly("new.txt");
        }
        assertThat(call(new WriteTool(), "path", ".git/config", "content", "x").content())
                .contains("inside .git/, which is protected");
    }

    @Test
    void editReplacesAUniqueMatch() throws Exception {
        file("Main.java", "class Main {\n    int a = 1;\n}\n");

        ToolResult result = call(new EditTool(), "path", "Main.java", "old_string", "int a = 1;", "new_string", "int a = 2;");

        assertThat(result.content()).isEqualTo("Replaced 1 occurrence in Main.java (first at line 2)");
        assertThat(Files.readString(root.resolve("Main.java"))).isEqualTo("class Main {\n    int a = 2;\n}\n");
    }

    @Test
    void editExplainsZeroAndSeveralMatchesAndChangesNothing() throws Exception {
        String text = "a = 1\nb = 1\nc = 1\n    x  =  2\n";
        file("f.txt", text);

        assertThat(call(new EditTool(), "path", "f.txt", "old_string", "z = 1", "new_string", "z = 2").content())
                .startsWith("Error (no_match): old_string was not found in 'f.txt'");
        assertThat(call(new EditTool(), "path", "f.txt", "old_string", "x = 2", "new_string", "x = 3").content())
                .contains("text that differs only in whitespace starts at line 4");
        assertThat(call(new EditTool(), "path", "f.txt", "old_string", "= 1", "new_string", "= 9").content())
                .isEqualTo("Error (ambiguous_match): old_string occurs 3 times in 'f.txt' (at lines 1, 2, 3). Include "
                        + "more surrounding lines to make it unique, or set replace_all to true");
        assertThat(Files.readString(root.resolve("f.txt"))).isEqualTo(text);

        assertThat(call(new EditTool(), "path", "f.txt", "old_string", "= 1", "new_string", "= 9", "replace_all", true)
                .content()).startsWith("Replaced 3 occurrences");
        assertThat(Files.readString(root.resolve("f.txt"))).isEqualTo("a = 9\nb = 9\nc = 9\n    x  =  2\n");
        assertThat(call(new EditTool(), "path", "gone.txt", "old_string", "a", "new_string", "b").content())
                .startsWith("Error (not_found)");
    }

    @Test
    void listShowsFoldersFirstAndHidesProtectedEntries() throws Exception {
        file("b.txt", "");
        file("src/A.java", "");
        file(".env", "KEY=1");
        Files.createDirectories(root.resolve(".git"));

        assertThat(call(new ListTool()).content()).isEqualTo("src/\nb.txt\n");
        assertThat(call(new ListTool(), "path", "missing").content()).startsWith("Error (not_found)");
    }

    @Test
    void globMatchesByPathOrNameAndSkipsIgnoredFolders() throws Exception {
        file("src/main/A.java", "");
        file("src/test/ATest.java", "");
        file("node_modules/lib/B.java", "");
        file("README.md", "");

        assertThat(call(new GlobTool(), "pattern", "*.java").content()).isEqualTo("src/main/A.java\nsrc/test/ATest.java\n");
        assertThat(call(new GlobTool(), "pattern", "main/**").content()).isEqualTo("no files match main/**\n");
        assertThat(call(new GlobTool(), "pattern", "src/test/*.java").content()).isEqualTo("src/test/ATest.java\n");
    }

    @Test
    void grepFindsLinesWithIncludesAndSkipsBinaryAndIgnoredFiles() throws Exception {
        file("src/A.java", "class A {\n  // TODO fix\n}\n");
        file("src/B.kt", "// TODO kotlin\n");
        file("target/Gen.java", "// TODO generated\n");
        Files.write(root.resolve("src/blob.bin"), new byte[] {'T', 'O', 'D', 'O', 0, 1});

        ToolResult all = call(new GrepTool(), "pattern", "TODO");
        assertThat(all.content()).isEqualTo("src/A.java:2: // TODO fix\nsrc/B.kt:1: // TODO kotlin\n");
        assertThat(call(new GrepTool(), "pattern", "todo", "include", "*.java", "ignore_case", true).content())
                .isEqualTo("src/A.java:2: // TODO fix\n");
        assertThat(call(new GrepTool(), "pattern", "TODO", "max_results", 1L).content())
                .contains("[stopped at 1 matches");
        assertThat(call(new GrepTool(), "pattern", "([").content()).startsWith("Error (invalid_arguments): the pattern "
                + "is not a valid regular expression");
    }
}
