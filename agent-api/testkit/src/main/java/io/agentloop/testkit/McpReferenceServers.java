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
import java.util.concurrent.TimeUnit;

/**
 * The MCP reference servers from npm ({@code @modelcontextprotocol/server-everything},
 * {@code -filesystem}, {@code -memory}), installed once into the module's {@code target/mcp-servers}
 * (never fetched at test time from anywhere else, never through npx) and started as
 * {@code node <package>/dist/index.js}. Fails, naming what to install, when Node.js or npm is missing.
 *
 * <pre>{@code
 * Map.of("servers.everything.command", McpReferenceServers.node(),
 *        "servers.everything.args", McpReferenceServers.script("server-everything").toString())
 * }</pre>
 */
public final class McpReferenceServers {
    public static final String VERSION = "2026.8.31";
    public static final List<String> PACKAGES = List.of("server-everything", "server-filesystem", "server-memory");
    private static final Path FOLDER = Path.of("target", "mcp-servers").toAbsolutePath();

    private McpReferenceServers() {
    }

    /** The entry script of a reference server ({@code server-everything}...), installing them first if needed. */
    public static synchronized Path script(String name) {
        Path script = FOLDER.resolve("node_modules/@modelcontextprotocol").resolve(name).resolve("dist/index.js");
        if (!Files.isRegularFile(script) || !installed()) {
            install();
        }
        return script;
    }

    /**
     * The folder the servers are installed in: a script copied here finds their packages (the MCP
     * TypeScript SDK among them) as imports.
     */
    public static Path folder() {
        script(PACKAGES.getFirst());
        return FOLDER;
    }

    /** The {@code node} executable. */
    public static String node() {
        return "node";
    }

    private static boolean installed() {
        for (String name : PACKAGES) {
            Path manifest = FOLDER.resolve("node_modules/@modelcontextprotocol").resolve(name).resolve("package.json");
            try {
                if (!Files.readString(manifest).contains("\"version\": \"" + VERSION + "\"")) {
                    return false;
                }
            } catch (IOException e) {
                return false;
            }
        }
        return true;
    }

    private static void install() {
        try {
            Files.createDirectories(FOLDER);
            try (FileChannel channel = FileChannel.open(FOLDER.resolve(".lock"), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE); FileLock ignored = channel.lock()) {
                if (installed()) {
                    return;
                }
                require("node", "--version");
                require("npm", "--version");
                List<String> command = new ArrayList<>(List.of("npm", "install", "--no-audit", "--no-fund",
                        "--prefix", FOLDER.toString()));
                PACKAGES.forEach(p -> command.add("@modelcontextprotocol/" + p + "@" + VERSION));
                Process npm = new ProcessBuilder(command).redirectErrorStream(true).start();
                String output = new String(npm.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                if (!npm.waitFor(5, TimeUnit.MINUTES) || npm.exitValue() != 0 || !installed()) {
                    throw new IllegalStateException("could not install the MCP reference servers into " + FOLDER
                            + " with: " + String.join(" ", command) + "\n" + output);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static void require(String... command) throws InterruptedException {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            process.getInputStream().readAllBytes();
            if (process.waitFor(30, TimeUnit.SECONDS) && process.exitValue() == 0) {
                return;
            }
        } catch (IOException e) {
            // reported below
        }
        throw new IllegalStateException("the MCP tests run the reference servers from npm and need " + command[0]
                + " (Node.js 20 or newer with npm): install it, e.g. 'apt-get install nodejs npm', then run the "
                + "tests again");
    }
}
