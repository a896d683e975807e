package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.launcher.InstalledLauncher.Outcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The launcher's class-data archive, which the fixture turns off: trained in the background by a first
 * run, loaded by the next, and changing nothing that is printed.
 */
class ClassCacheIT extends InstallationFixture {
    @Test
    void theFirstRunTrainsAClassArchiveInTheBackgroundAndTheNextRunLoadsFromIt() throws Exception {
        Path cache = work.resolve("cache");
        extraEnv.put("AGENTLOOP_CLASS_CACHE", "on");
        // Trained at the test's own priority: at the default lower one, a machine busy with other work can
        // leave the training almost no processor, and no test may need an idle machine.
        extraEnv.put("AGENTLOOP_CLASS_CACHE_NICE", "0");
        extraEnv.put("XDG_CACHE_HOME", cache.toString());
        // the test's model is in no table: its window is given, so the run says nothing but its mode
        Files.writeString(installed.userConfig(), "compaction:\n  context-windows: [\"openai/gpt-test 128000\"]\n");
        scriptToolCallThenAnswer();

        Outcome first = agentloop("run", "Make it camel case");

        assertThat(first.exit()).as(first.err()).isZero();
        assertThat(first.err()).as("only the headless run's mode line").startsWith("agentloop: mode ask (")
                .hasLineCount(1);
        Path archive = awaitArchive(cache.resolve("agentloop"), Await.LIMIT);
        assertThat(archive.getFileName().toString()).matches("classes-\\d+-\\d+-\\d+\\.(aot|jsa)");

        scriptToolCallThenAnswer();
        Path classLog = work.resolve("classes.log");
        extraEnv.put("JAVA_OPTS", "-Xlog:class+load=info:file=" + classLog);
        Outcome second = agentloop("run", "Make it camel case");

        assertThat(second.exit()).as(second.err()).isZero();
        assertThat(second.err()).as("no JVM warning about the archive").doesNotContain("[warning]")
                .startsWith("agentloop: mode ask (").hasLineCount(1);
        assertThat(second.out()).containsPattern(ToolLine.closing("change_case", "ok -> helloAgentWorld"));
        assertThat(Files.readAllLines(classLog)).anyMatch(line -> line.contains("io.agentloop.launcher.Launcher ")
                && line.contains("source: shared objects file"));
    }

    @Test
    void theClassCacheChangesNeitherWhatIsPrintedNorTheVersion() throws Exception {
        Outcome withoutCache = agentloop("--version");
        extraEnv.put("AGENTLOOP_CLASS_CACHE", "on");
        // Trained at the test's own priority: at the default lower one, a machine busy with other work can
        // leave the training almost no processor, and no test may need an idle machine.
        extraEnv.put("AGENTLOOP_CLASS_CACHE_NICE", "0");
        Path cache = work.resolve("cache");
        extraEnv.put("XDG_CACHE_HOME", cache.toString());

        Outcome training = agentloop("--version");
        awaitArchive(cache.resolve("agentloop"), Await.LIMIT);
        Outcome fromTheCache = agentloop("--version");
        Outcome again = agentloop("--version");

        for (Outcome withCache : List.of(withoutCache, training, fromTheCache, again)) {
            assertThat(withCache.exit()).isZero();
            assertThat(withCache.err()).as("nothing on stderr, no JVM warning").isEmpty();
        }
        assertThat(withoutCache.out()).startsWith("Agentloop " + System.getProperty("agentloop.version") + "\n");
        assertThat(List.of(training.out(), fromTheCache.out(), again.out())).containsOnly(withoutCache.out());
    }

    /** Waits (on file events, with a deadline) until the archive is in place and its training is over. */
    private static Path awaitArchive(Path folder, Duration limit) throws Exception {
        long deadline = System.nanoTime() + limit.toNanos();
        try (java.nio.file.WatchService events = folder.getFileSystem().newWatchService()) {
            folder.register(events, java.nio.file.StandardWatchEventKinds.ENTRY_CREATE,
                    java.nio.file.StandardWatchEventKinds.ENTRY_DELETE);
            while (true) {
                List<Path> entries;
                try (Stream<Path> list = Files.list(folder)) {
                    entries = list.toList();
                }
                Optional<Path> archive = entries.stream().filter(p -> p.toString().matches(".*\\.(aot|jsa)")).findFirst();
                if (archive.isPresent() && entries.stream().noneMatch(p -> p.toString().endsWith(".training"))) {
                    return archive.get();
                }
                long left = deadline - System.nanoTime();
                assertThat(left).as("an archive appears in " + folder + " (now: " + entries + ")").isPositive();
                java.nio.file.WatchKey key = events.poll(left, TimeUnit.NANOSECONDS);
                if (key != null) {
                    key.pollEvents();
                    key.reset();
                }
            }
        }
    }
}
