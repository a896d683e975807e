package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@code ./dev}'s benchmark commands come from one table in the script, one line per benchmark: a
 * benchmark program added to {@code distribution/bench} without its line, or a line naming a class that
 * is gone, fails here rather than when someone types the command; and {@code ./dev help} lists each.
 */
class BenchCommandsTest {
    /** Programs with a main that a benchmark starts itself, in a process of their own: no command of theirs. */
    private static final Set<String> STARTED_BY_A_BENCHMARK = Set.of("ScaleModelServer");

    @Test
    void everyBenchmarkProgramHasOneLineInDevsTableAndHelpListsIt() throws Exception {
        Path root = Path.of(System.getProperty("agentloop.root"));
        List<String[]> table = table(Files.readString(root.resolve("dev")));
        Path sources = root.resolve("distribution/bench/src/main/java/io/agentloop/bench");

        List<String> classes = table.stream().map(row -> row[3]).toList();
        assertThat(classes).as("the classes of ./dev's benchmark table").doesNotHaveDuplicates()
                .containsExactlyInAnyOrderElementsOf(programs(sources));
        String help = help(root);
        for (String[] row : table) {
            assertThat(row[1]).as("what bench-" + row[0] + " builds").isIn("all", "bench");
            assertThat(help).as("./dev help").contains("./dev bench-" + row[0] + " ");
        }
    }

    /** The rows of the table between {@code <<'TABLE'} and {@code TABLE}, split into words. */
    private static List<String[]> table(String dev) {
        int start = dev.indexOf("<<'TABLE'\n");
        assertThat(start).as("./dev has its benchmark table (a here-document ending in TABLE)").isNotNegative();
        int end = dev.indexOf("\nTABLE\n", start);
        List<String[]> rows = new ArrayList<>();
        for (String line : dev.substring(dev.indexOf('\n', start) + 1, end).split("\n")) {
            String[] words = line.strip().split("\\s+");
            assertThat(words.length).as("a row has a name, a build, needs, a class and JVM options: " + line)
                    .isGreaterThanOrEqualTo(5);
            rows.add(words);
        }
        return rows;
    }

    /** The classes of the benchmarks' module that are programs of their own. */
    private static List<String> programs(Path sources) throws IOException {
        try (Stream<Path> files = Files.list(sources)) {
            List<String> programs = new ArrayList<>();
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                String name = file.getFileName().toString().replace(".java", "");
                if (Files.readString(file).contains("static void main(") && !STARTED_BY_A_BENCHMARK.contains(name)) {
                    programs.add(name);
                }
            }
            return programs;
        }
    }

    private static String help(Path root) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(root.resolve("dev").toString(), "help").directory(root.toFile())
                .redirectErrorStream(true);
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process dev = builder.start();
        byte[] out = dev.getInputStream().readAllBytes();
        assertThat(dev.waitFor(2, TimeUnit.MINUTES)).as("./dev help ends").isTrue();
        String said = new String(out, StandardCharsets.UTF_8);
        assertThat(dev.exitValue()).as(said).isZero();
        return said;
    }
}
