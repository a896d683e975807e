package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The installation's integration tests stay cut so that failsafe's forks share them out: a fork
 * takes a whole class and runs its tests one after the other, so one class of many tests is the
 * suite's longest path however many forks there are (the 34 tests once in one class took most of
 * the suite's time in one fork while the other had finished). A subject that outgrows
 * {@value #MAX_TESTS} tests gets a class of its own, extending {@link InstallationFixture}. And no
 * test waits on a fixed time: it waits for what it needs with {@link Await}, whose deadline is
 * minutes, so a loaded machine makes a test slower, never red, and a quiet one never waits longer
 * than the launcher takes.
 */
class IntegrationTestClassesTest {
    static final int MAX_TESTS = 12;

    private static final Pattern TEST = Pattern.compile("^\\s*@(?:Test|ParameterizedTest|RepeatedTest)\\b",
            Pattern.MULTILINE);
    private static final Pattern SLEEP = Pattern.compile("\\b(?:Thread\\.sleep|\\w+\\.sleep|sleep)\\s*\\(");

    @TempDir
    Path work;

    @Test
    void noIntegrationTestClassHoldsSoManyTestsThatItIsTheSuitesLongestPath() throws IOException {
        Path tests = Path.of("src/test/java");
        assertThat(tests.resolve("io/agentloop/launcher/InstallationFixture.java")).as("run from the module's "
                + "folder, as the build does").isRegularFile();

        assertThat(crowded(tests)).as("integration test classes with more than %d tests: split them by subject into "
                + "classes extending InstallationFixture, which failsafe's forks run side by side", MAX_TESTS).isEmpty();
    }

    @Test
    void aClassOfTooManyTestsIsFoundAndAUnitTestIsNot() throws IOException {
        Path tests = Files.createDirectories(work.resolve("src/test/java/a"));
        String many = "    @Test\n    void t() {\n    }\n".repeat(MAX_TESTS + 1);
        Files.writeString(tests.resolve("CrowdedIT.java"), "package a;\nclass CrowdedIT {\n" + many + "}\n");
        Files.writeString(tests.resolve("CrowdedTest.java"), "package a;\nclass CrowdedTest {\n" + many + "}\n");
        Files.writeString(tests.resolve("FewIT.java"), "package a;\nclass FewIT {\n"
                + "    @Test\n    void t() {\n    }\n".repeat(MAX_TESTS) + "}\n");

        assertThat(crowded(work.resolve("src/test/java"))).containsExactly("a/CrowdedIT.java (" + (MAX_TESTS + 1)
                + " tests)");
    }

    @Test
    void noTestWaitsOnAFixedTimeButAwaitBetweenItsChecks() throws IOException {
        assertThat(sleepers(Path.of("src/test/java"))).as("test sources that sleep: wait for the event with "
                + "Await.until or Await.exit (a deadline of minutes) instead").isEmpty();
    }

    @Test
    void aSleepIsFoundHoweverItIsSpelt() throws IOException {
        Path tests = Files.createDirectories(work.resolve("src/test/java/a"));
        Files.writeString(tests.resolve("ThreadSleep.java"), "class ThreadSleep {\n    void f() {\n"
                + "        Thread.sleep(1000);\n    }\n}\n");
        Files.writeString(tests.resolve("UnitSleep.java"), "class UnitSleep {\n    void f() {\n"
                + "        TimeUnit.SECONDS.sleep(2);\n    }\n}\n");
        Files.writeString(tests.resolve("Awake.java"), "class Awake {\n    void f() {\n"
                + "        Await.until(\"it\", () -> true, () -> \"\");\n    }\n}\n");
        Files.writeString(tests.resolve("Await.java"), "class Await {\n    void f() {\n"
                + "        TimeUnit.MILLISECONDS.sleep(20);\n    }\n}\n");

        assertThat(sleepers(work.resolve("src/test/java"))).containsExactly("a/ThreadSleep.java", "a/UnitSleep.java");
    }

    /** The {@code *IT} classes under {@code tests} with more than {@link #MAX_TESTS} tests, with their counts. */
    static List<String> crowded(Path tests) throws IOException {
        List<String> found = new ArrayList<>();
        for (Path file : javaFiles(tests)) {
            if (file.getFileName().toString().endsWith("IT.java")) {
                Matcher test = TEST.matcher(Files.readString(file));
                int count = 0;
                while (test.find()) {
                    count++;
                }
                if (count > MAX_TESTS) {
                    found.add(name(tests, file) + " (" + count + " tests)");
                }
            }
        }
        return found;
    }

    /**
     * The test sources under {@code tests} that sleep, but {@code Await}, whose pause between two
     * checks of a condition leaves the processor to the process it waits for.
     */
    static List<String> sleepers(Path tests) throws IOException {
        List<String> found = new ArrayList<>();
        for (Path file : javaFiles(tests)) {
            if (!file.getFileName().toString().equals("Await.java") && SLEEP.matcher(code(file)).find()) {
                found.add(name(tests, file));
            }
        }
        return found;
    }

    /** The file without its comments and string literals: a command line {@code "sleep 60"} is not a wait. */
    private static String code(Path file) throws IOException {
        return Files.readString(file).replaceAll("(?s)\"\"\".*?\"\"\"", "\"\"")
                .replaceAll("'(?:\\\\.|[^'\\\\\n])'", "' '").replaceAll("\"(?:\\\\.|[^\"\\\\\n])*\"", "\"\"")
                .replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("//[^\n]*", "");
    }

    private static List<Path> javaFiles(Path tests) throws IOException {
        try (Stream<Path> files = Files.walk(tests)) {
            return files.filter(file -> file.toString().endsWith(".java")).sorted().toList();
        }
    }

    private static String name(Path tests, Path file) {
        return tests.relativize(file).toString().replace('\\', '/');
    }
}
