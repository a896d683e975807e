package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A plugin author's build as docs/plugins.md's "Write a plugin" tells it, on a machine whose default
 * Java is older than 21 (a JDK older than 21 first on the PATH when there is one, JAVA_HOME unset):
 * the commands of its step 3, taken from that page itself, so the test breaks when the page and
 * reality drift. Agentloop's own artifacts reach the build only through the page's install
 * command, into an empty local repository of the test's; third-party artifacts come, read-only and
 * offline, from the local repository of the build running the test (a tail), which holds no
 * Agentloop artifacts (the test build never installs): what the page's command leaves out, the
 * template's build cannot find.
 */
final class PluginAuthorBuild {
    /** Folders a clone of the project does not have. */
    private static final Set<String> NOT_IN_A_CLONE = Set.of("target", ".git", "node_modules");

    /** @param install the command that installs Agentloop's artifacts, run in a clone of the project
     *  @param build   the command that builds the plugin, run in the copy of the template */
    record Commands(String install, String build) {
    }

    /** What a finished command printed. */
    record Outcome(int exit, String output) {
    }

    private final Path work;
    private final Path repository;

    /** @param work a folder of the test's own, for the local repository and the commands' output */
    PluginAuthorBuild(Path work) throws IOException {
        this.work = work;
        this.repository = Files.createDirectories(work.resolve("local-repository"));
    }

    /** The two commands of step 3 of "Write a plugin", as docs/plugins.md has them. */
    static Commands readme(Path root) throws IOException {
        String text = Files.readString(root.resolve("docs/plugins.md"));
        int section = text.indexOf("## Write a plugin");
        assertThat(section).as("docs/plugins.md has a section 'Write a plugin'").isNotNegative();
        int start = text.indexOf("\n3. ", section);
        int end = text.indexOf("\n4. ", start);
        assertThat(start).as("'Write a plugin' has a step 3 and a step 4").isPositive();
        assertThat(end).as("'Write a plugin' has a step 3 and a step 4").isPositive();
        List<String> commands = new ArrayList<>();
        Matcher code = Pattern.compile("`([^`]+)`").matcher(text.substring(start, end));
        while (code.find()) {
            if (code.group(1).startsWith("./")) {
                commands.add(code.group(1));
            }
        }
        Optional<String> install = commands.stream().filter(c -> c.startsWith("./dev ")).findFirst();
        Optional<String> build = commands.stream().filter(c -> c.startsWith("./mvnw ")).findFirst();
        assertThat(install).as("step 3 names the ./dev command that installs Agentloop: " + commands).isPresent();
        assertThat(build).as("step 3 names the template's ./mvnw command: " + commands).isPresent();
        return new Commands(install.get(), build.get());
    }

    /** A copy of the project's files as a fresh clone has them: no build output, no git folder. */
    static Path cloneOf(Path root, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            for (Path source : (Iterable<Path>) files.filter(f -> !builtOrGit(root, f))::iterator) {
                Path target = to.resolve(root.relativize(source).toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(source, target, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
        return to;
    }

    private static boolean builtOrGit(Path root, Path file) {
        for (Path name : root.relativize(file)) {
            if (NOT_IN_A_CLONE.contains(name.toString())) {
                return true;
            }
        }
        return false;
    }

    /** Runs {@code command} in {@code folder} as a user types it (a shell), with the machine's default Java. */
    Outcome run(String command, Path folder) throws Exception {
        Path output = Files.createTempFile(work, "command-", ".txt");
        ProcessBuilder builder = new ProcessBuilder("bash", "-c", command).directory(folder.toFile())
                .redirectErrorStream(true).redirectOutput(output.toFile());
        Map<String, String> env = builder.environment();
        env.remove("JAVA_HOME");
        env.remove("MAVEN_OPTS");
        olderJdk().ifPresent(jdk -> env.put("PATH", jdk.resolve("bin") + java.io.File.pathSeparator
                + env.getOrDefault("PATH", "")));
        // Maven's own way to add arguments to every command (MAVEN_ARGS): the repositories, offline.
        env.put("MAVEN_ARGS", "-o -Dmaven.repo.local=" + repository + " -Dmaven.repo.local.tail="
                + System.getProperty("agentloop.local.repository"));
        Process process = builder.start();
        boolean exited = process.waitFor(10, TimeUnit.MINUTES);
        if (!exited) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
        assertThat(exited).as("'" + command + "' finishes").isTrue();
        return new Outcome(process.exitValue(), Files.readString(output));
    }

    /** A JDK older than 21 beside this one (as on a machine whose default Java is 17), if there is one. */
    static Optional<Path> olderJdk() throws IOException {
        Path jdks = Path.of(System.getProperty("java.home")).toRealPath().getParent();
        try (Stream<Path> homes = Files.list(jdks)) {
            return homes.filter(home -> Files.isExecutable(home.resolve("bin/java")))
                    .filter(home -> major(home).map(m -> m < 21).orElse(false)).sorted().findFirst();
        }
    }

    private static Optional<Integer> major(Path home) {
        try {
            Matcher version = Pattern.compile("JAVA_VERSION=\"(?:1\\.)?(\\d+)").matcher(Files.readString(home.resolve("release")));
            return version.find() ? Optional.of(Integer.parseInt(version.group(1))) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
