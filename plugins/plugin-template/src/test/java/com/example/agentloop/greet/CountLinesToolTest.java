package com.example.agentloop.greet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.testkit.TestToolContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tool on a workspace of the test's own: TestToolContext.in(folder). */
class CountLinesToolTest {

    @TempDir
    Path folder;

    private ToolResult countLines(String path) {
        return new CountLinesTool().execute(ToolArguments.of(Map.of("path", path)), TestToolContext.in(folder));
    }

    @Test
    void countsTheLinesOfAFileInTheWorkspace() throws Exception {
        Files.writeString(folder.resolve("notes.txt"), "one\ntwo\nthree\n");

        assertEquals("3", countLines("notes.txt").content());
    }

    @Test
    void aPathOutsideTheWorkspaceIsRefusedToTheModel() {
        ToolResult result = countLines("../elsewhere.txt");

        assertTrue(result.isError());
        assertTrue(result.content().contains("outside the workspace"), result.content());
    }
}
