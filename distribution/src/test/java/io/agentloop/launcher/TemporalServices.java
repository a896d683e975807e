package io.agentloop.launcher;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What durable runs from the built installation need, for the tests that try them: Temporal's Java
 * test server in a process of its own on a free loopback port, the installation configured for it,
 * {@code agentloop worker} serving its task queue, and launcher processes of the test's own, each
 * with its output in files of its name under the test's folder. Closing stops every process it
 * started, newest first.
 */
final class TemporalServices implements AutoCloseable {
    private final Path work;
    private final InstalledLauncher installed;
    private final List<Process> processes = new ArrayList<>();
    private final int port;

    TemporalServices(Path work, InstalledLauncher installed) throws IOException {
        this.work = work;
        this.installed = installed;
        try (ServerSocket free = new ServerSocket(0)) {
            this.port = free.getLocalPort();
        }
    }

    /** Where the test server listens (once started). */
    int port() {
        return port;
    }

    /** The user's configuration: the test server's address, task queue {@code it}, sessions in the installation's folder. */
    TemporalServices configure() throws IOException {
        Files.writeString(installed.userConfig(), "temporal:\n  target: 127.0.0.1:" + port + "\n  task-queue: it\n"
                + "  heartbeat: 3s\nsessions:\n  folder: " + installed.sessions() + "\n");
        return this;
    }

    /** Temporal's Java test server, from the test's class path. */
    TemporalServices testServer() throws Exception {
        Process server = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), "io.temporal.testserver.TestServer", Integer.toString(port))
                .redirectOutput(work.resolve("server.out").toFile()).redirectError(work.resolve("server.err").toFile())
                .start();
        processes.add(server);
        Await.until("the test server to listen on " + port, this::listening, () -> read("server.err"));
        return this;
    }

    /** {@code agentloop worker} from the installation, its output in {@code worker.out} and {@code worker.err}. */
    Process worker(String... options) throws Exception {
        List<String> args = new ArrayList<>(List.of("worker"));
        args.addAll(List.of(options));
        Process worker = launch("worker", args.toArray(String[]::new));
        Await.until("the worker to serve", () -> {
            if (!worker.isAlive()) {
                throw new AssertionError("agentloop worker ended with " + worker.exitValue() + ": " + read("worker.err"));
            }
            return read("worker.out").contains("agentloop worker: serving Temporal at 127.0.0.1:");
        }, () -> read("worker.err"));
        return worker;
    }

    /** {@code agentloop serve --engine temporal} on a free loopback port; the client of its API. */
    ServedApi serve() throws Exception {
        return ServedApi.of(installed, serving(), Optional.empty());
    }

    /** The process of {@code agentloop serve --engine temporal} on a free loopback port, for a test that stops it. */
    Process serving() throws Exception {
        Process serving = installed.start("serve", "--engine", "temporal", "--port", "0");
        processes.add(serving);
        return serving;
    }

    /**
     * {@code bin/agentloop args...} in the installation's working folder, its output in
     * {@code NAME.out} and {@code NAME.err} (so several may run at once); stopped on close if still running.
     */
    Process launch(String name, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(installed.root().resolve("bin/agentloop").toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(work.resolve("cwd").toFile())
                .redirectOutput(work.resolve(name + ".out").toFile()).redirectError(work.resolve(name + ".err").toFile());
        installed.environment(builder.environment());
        Process process = builder.start();
        processes.add(process);
        return process;
    }

    /** A file of the test's folder, empty when there is none yet. */
    String read(String name) throws IOException {
        Path file = work.resolve(name);
        return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
    }

    private boolean listening() {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 1000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    @Override
    public void close() throws Exception {
        for (Process process : processes.reversed()) {
            if (process.isAlive()) {
                process.destroy();
                Await.exit(process, "a process of the test stops on SIGTERM");
            }
        }
    }
}
