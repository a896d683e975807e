package io.agentloop.tools.file;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.tool.PathDeniedException;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.core.workspace.SandboxWorkspace;
import io.agentloop.testkit.TestToolContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Another process (here, a thread) swaps a folder of the workspace for a link to outside it, again
 * and again, while {@code write} writes into that folder: the check passes on the real folder, and
 * the write must still never land outside.
 */
class WriteRaceTest {
    @TempDir
    Path folder;

    @Test
    void aFolderSwappedForALinkDuringWritesNeverRedirectsOne() throws Exception {
        Path root = Files.createDirectories(folder.resolve("workspace"));
        Path outside = Files.createDirectories(folder.resolve("outside"));
        Path target = root.resolve("dir");
        Path stash = root.resolve("stash");
        Files.createDirectories(target);
        TestToolContext context = new TestToolContext(SandboxWorkspace.builder(root).build());
        WriteTool write = new WriteTool();
        AtomicBoolean running = new AtomicBoolean(true);
        AtomicInteger swaps = new AtomicInteger();
        Thread swapper = Thread.ofPlatform().start(() -> {
            while (running.get()) {
                try {
                    Files.move(target, stash, StandardCopyOption.ATOMIC_MOVE);
                    Files.createSymbolicLink(target, outside);
                    Files.delete(target);
                    Files.move(stash, target, StandardCopyOption.ATOMIC_MOVE);
                    swaps.incrementAndGet();
                } catch (IOException e) {
                    // A write made the folder again while the real one was away: put the real one back.
                    putBack(target, stash);
                }
            }
        });
        int written = 0;
        int refused = 0;
        try {
            for (int i = 0; i < 1000; i++) {
                ToolResult result;
                try {
                    result = write.execute(ToolArguments.of(Map.of("path", "dir/file.txt", "content", "call " + i)),
                            context);
                } catch (PathDeniedException e) {
                    result = e.toResult(); // as the platform turns it into a result for the model
                }
                if (result.isError()) {
                    assertThat(result.content()).startsWith("Error (denied)");
                    refused++;
                } else {
                    written++;
                }
            }
        } finally {
            running.set(false);
            swapper.join();
        }

        try (Stream<Path> left = Files.list(outside)) {
            assertThat(left).as("files written outside the workspace").isEmpty();
        }
        assertThat(swaps.get()).as("swaps during the writes").isGreaterThan(10);
        assertThat(written + refused).isEqualTo(1000);
        assertThat(written).as("writes that found the real folder").isPositive();
    }

    private static void putBack(Path target, Path stash) {
        try {
            if (!Files.exists(stash)) {
                return;
            }
            if (Files.isSymbolicLink(target)) {
                Files.delete(target);
            } else if (Files.isDirectory(target)) {
                try (Stream<Path> made = Files.list(target)) {
                    for (Path file : made.toList()) {
                        Files.delete(file);
                    }
                }
                Files.delete(target);
            }
            Files.move(stash, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            // The next round tries again.
        }
    }
}
