package io.agentloop.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * Packages from npm that tests run with Node.js (MCP servers, another framework's client), installed
 * with {@code npm install} into a folder of the module's {@code target/} the first time a test asks,
 * at the versions named, and never fetched at test time from anywhere else. Tests fail, naming what
 * to install, when Node.js or npm is missing: they never skip. Test JVMs of one build share a folder
 * through a file lock.
 *
 * <pre>{@code
 * NpmPackages sdk = new NpmPackages(Path.of("target", "a2a-js"), Map.of("@a2a-js/sdk", "1.3.0"),
 *         "the A2A interoperability tests run the A2A JavaScript SDK's client");
 * Path folder = sdk.folder(); // a script copied here imports @a2a-js/sdk
 * }</pre>
 */
public final class NpmPackages {
    private final Path folder;
    private final Map<String, String> versions;
    private final String purpose;
    private final String node;
    private final String npm;

    /**
     * @param folder where the packages go (a {@code node_modules} inside it)
     * @param versions each package's name and exact version
     * @param purpose what the tests need them for, said when Node.js or npm is missing
     */
    public NpmPackages(Path folder, Map<String, String> versions, String purpose) {
        this(folder, versions, purpose, node(), "npm");
    }

    /** With other executables than {@code node} and {@code npm}: a test of what happens when they are missing. */
    NpmPackages(Path folder, Map<String, String> versions, String purpose, String node, String npm) {
        this.folder = folder.toAbsolutePath();
        this.versions = new TreeMap<>(versions);
        this.purpose = purpose;
        this.node = node;
        this.npm = npm;
    }

    /** The folder the packages are installed in, installing them first if needed: a script copied here imports them. */
    public synchronized Path folder() {
        if (!installed()) {
            install();
        }
        return folder;
    }

    /** The folder of one of the packages ({@code node_modules/<name>}), installing them first if needed. */
    public Path resolve(String name) {
        if (!versions.containsKey(name)) {
            throw new IllegalArgumentException("'" + name + "' is not one of the packages " + versions.keySet());
        }
        return folder().resolve("node_modules").resolve(name);
    }

    /** The {@code node} executable. */
    public static String node() {
        return "node";
    }

    private boolean installed() {
        for (var entry : versions.entrySet()) {
            Path manifest = folder.resolve("node_modules").resolve(entry.getKey()).resolve("package.json");
            try {
                if (!Files.readString(manifest).contains("\"version\": \"" + entry.getValue() + "\"")) {
                    return false;
                }
            } catch (IOException e) {
                return false;
            }
        }
        return true;
    }

    private void install() {
        try {
            Files.createDirectories(folder);
            try (FileChannel channel = FileChannel.open(folder.resolve(".lock"), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE); FileLock ignored = channel.lock()) {
                if (installed()) {
                    return;
                }
                require(node, "--version");
                require(npm, "--version");
                List<String> command = new ArrayList<>(List.of(npm, "install", "--no-audit", "--no-fund",
                        "--prefix", folder.toString()));
                versions.forEach((name, version) -> command.add(name + "@" + version));
                Process npm = new ProcessBuilder(command).redirectErrorStream(true).start();
                String output = new String(npm.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                if (!npm.waitFor(5, TimeUnit.MINUTES) || npm.exitValue() != 0 || !installed()) {
                    throw new IllegalStateException("could not install " + versions + " into " + folder + " with: "
                            + String.join(" ", command) + "\n" + output);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private void require(String... command) throws InterruptedException {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            process.getInputStream().readAllBytes();
            if (process.waitFor(30, TimeUnit.SECONDS) && process.exitValue() == 0) {
                return;
            }
        } catch (IOException e) {
            // reported below
        }
        throw new IllegalStateException(purpose + " from npm and need " + command[0] + " (Node.js 20 or newer with "
                + "npm): install it, e.g. 'apt-get install nodejs npm', then run the tests again");
    }
}
