package io.agentloop.core.session;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * A real second JVM running a main class of these tests, on a class path made of everything this
 * test JVM has (its module path, its class path and the test classes), for crash and lock tests
 * that need another process: one that can be killed mid-write or hold a lock.
 */
final class ChildJvm implements AutoCloseable {
    private final Process process;
    private final BufferedReader out;

    private ChildJvm(Process process) {
        this.process = process;
        this.out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    }

    static ChildJvm start(Class<?> main, String... args) throws IOException {
        Set<String> path = new LinkedHashSet<>();
        try {
            path.add(Path.of(main.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        for (String property : List.of("jdk.module.path", "java.class.path")) {
            String value = System.getProperty(property, "");
            for (String entry : value.split(File.pathSeparator)) {
                if (!entry.isBlank()) {
                    path.add(entry);
                }
            }
        }
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-cp", String.join(File.pathSeparator, path), main.getName()));
        command.addAll(List.of(args));
        return new ChildJvm(new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start());
    }

    /** Reads the child's output until a line starts with {@code prefix}; returns that line. */
    String awaitLine(String prefix) throws IOException {
        String line;
        while ((line = out.readLine()) != null) {
            if (line.startsWith(prefix)) {
                return line;
            }
        }
        throw new IllegalStateException("the child ended before printing '" + prefix + "' (exit "
                + (process.isAlive() ? "none" : process.exitValue()) + ")");
    }

    long pid() {
        return process.pid();
    }

    /** Kills the child the hard way (SIGKILL): no shutdown hooks, no finally blocks, no flush. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            kill();
        }
    }
}
