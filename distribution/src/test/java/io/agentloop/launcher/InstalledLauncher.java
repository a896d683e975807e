package io.agentloop.launcher;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import mockwebserver3.MockWebServer;

/**
 * A fresh copy of the built installation in a test's folder, and {@code bin/agentloop} run from it
 * as a user would: this JDK, the fake OpenAI-compatible endpoint, and every file it writes (user
 * configuration, sessions, audit log, output) private to the test's folder. {@code HOME} is a folder
 * of the test too, never the real one, and no {@code XDG_*} variable comes from the machine running
 * the tests. The tests make both folders under {@code /var/tmp} ({@code VisibleTempDir}): the command
 * sandbox replaces {@code /tmp}, and a home there would hide every mistake in what it mounts over a
 * real home. The distribution tests share it so each runs the launcher the same way.
 */
final class InstalledLauncher {
    /** What a finished process printed. */
    record Outcome(int exit, String out, String err) {
    }

    private final Path work;
    private final Path home;
    private final Path root;
    private final MockWebServer server;
    private final Map<String, String> extraEnv = new HashMap<>();
    private Path folder;

    private InstalledLauncher(Path work, Path home, Path root, MockWebServer server) {
        this.work = work;
        this.home = home;
        this.root = root;
        this.server = server;
        this.folder = work;
    }

    /**
     * Copies the installation the build made into {@code work/agentloop}; the launcher runs in
     * {@code work} and keeps its files there, with {@code home} as its {@code HOME} (made if missing;
     * outside the folder it runs in, as a workspace may not hold the home), and asks {@code server}
     * (already started) for its model.
     */
    static InstalledLauncher copyInto(Path work, Path home, MockWebServer server) throws IOException {
        Path root = copy(Path.of(System.getProperty("agentloop.installation")), work.resolve("agentloop"));
        Files.writeString(work.resolve("user.yaml"), "{}\n");
        return new InstalledLauncher(work, Files.createDirectories(home), root, server);
    }

    /** Copies a folder tree, keeping file attributes (the scripts stay executable). */
    static Path copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path source : files.toList()) {
                Path target = to.resolve(from.relativize(source).toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(source, target, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
        return to;
    }

    /** The launcher's {@code HOME}, unless a test overrides it in {@link #extraEnv()}. */
    Path home() {
        return home;
    }

    /** The installation's folder (bin/, lib/, plugins/). */
    Path root() {
        return root;
    }

    Path plugins() {
        return root.resolve("plugins");
    }

    /** The user configuration file ({@code AGENTLOOP_CONFIG}), {@code {}} until a test writes it. */
    Path userConfig() {
        return work.resolve("user.yaml");
    }

    /** Where the audit-trail plugin writes ({@code AGENTLOOP_AUDIT_LOG}). */
    Path auditLog() {
        return work.resolve("audit.jsonl");
    }

    /** Where sessions are kept ({@code AGENTLOOP_SESSIONS}). */
    Path sessions() {
        return work.resolve("sessions");
    }

    /** Variables every later launch adds to (or overrides in) the environment; a null value removes one. */
    Map<String, String> extraEnv() {
        return extraEnv;
    }

    /** Later launches run in {@code folder} (their workspace by default) instead of the test's folder. */
    InstalledLauncher runningIn(Path folder) {
        this.folder = folder;
        return this;
    }

    /** The launcher's environment in these tests: this JDK, the fake endpoint, private files in the work folder. */
    void environment(Map<String, String> env) {
        env.keySet().removeIf(name -> name.startsWith("XDG_"));
        env.put("HOME", home.toString());
        env.put("JAVA_HOME", System.getProperty("java.home"));
        // Each test installs a fresh copy: no class-data archive to train for it.
        env.put("AGENTLOOP_CLASS_CACHE", "off");
        env.put("AGENTLOOP_CONFIG", userConfig().toString());
        env.put("AGENTLOOP_PROVIDER", "openai");
        env.put("AGENTLOOP_MODEL", "gpt-test");
        String url = server.url("/v1").toString();
        env.put("OPENAI_BASE_URL", url.endsWith("/") ? url.substring(0, url.length() - 1) : url);
        env.put("OPENAI_API_KEY", "sk-test-key-123456");
        env.put("AGENTLOOP_AUDIT_LOG", auditLog().toString());
        env.put("AGENTLOOP_SESSIONS", sessions().toString());
        extraEnv.forEach((name, value) -> {
            if (value == null) {
                env.remove(name);
            } else {
                env.put(name, value);
            }
        });
    }

    /**
     * Starts {@code bin/agentloop args...}, its output going to {@code out.txt} and {@code err.txt}
     * in the test's folder; its input is a pipe the caller may write to or close.
     */
    Process start(String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(root.resolve("bin/agentloop").toString());
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(folder.toFile())
                .redirectOutput(work.resolve("out.txt").toFile()).redirectError(work.resolve("err.txt").toFile());
        environment(builder.environment());
        return builder.start();
    }

    /** Runs {@code bin/agentloop args...} to its end. */
    Outcome run(String... args) throws Exception {
        Process process = start(args);
        Await.exit(process, "the launcher exits by itself");
        return outcome(process);
    }

    /** What a process from {@link #start} printed, once it has ended. */
    Outcome outcome(Process ended) throws IOException {
        return new Outcome(ended.exitValue(), output(), errors());
    }

    /** What the latest launch printed on stdout so far. */
    String output() throws IOException {
        return Files.readString(work.resolve("out.txt"), StandardCharsets.UTF_8);
    }

    /** What the latest launch printed on stderr so far. */
    String errors() throws IOException {
        return Files.readString(work.resolve("err.txt"), StandardCharsets.UTF_8);
    }
}
