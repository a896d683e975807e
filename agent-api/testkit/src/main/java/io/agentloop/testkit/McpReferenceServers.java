package io.agentloop.testkit;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The MCP reference servers from npm ({@code @modelcontextprotocol/server-everything},
 * {@code -filesystem}, {@code -memory}), installed once into the module's {@code target/mcp-servers}
 * (never fetched at test time from anywhere else, never through npx; {@link NpmPackages}) and started
 * as {@code node <package>/dist/index.js}. Fails, naming what to install, when Node.js or npm is missing.
 *
 * <pre>{@code
 * Map.of("servers.everything.command", McpReferenceServers.node(),
 *        "servers.everything.args", McpReferenceServers.script("server-everything").toString())
 * }</pre>
 */
public final class McpReferenceServers {
    public static final String VERSION = "2026.8.31";
    public static final List<String> PACKAGES = List.of("server-everything", "server-filesystem", "server-memory");
    private static final NpmPackages NPM = new NpmPackages(Path.of("target", "mcp-servers"), PACKAGES.stream()
            .collect(Collectors.toMap(name -> "@modelcontextprotocol/" + name, name -> VERSION)),
            "the MCP tests run the reference servers");

    private McpReferenceServers() {
    }

    /** The entry script of a reference server ({@code server-everything}...), installing them first if needed. */
    public static synchronized Path script(String name) {
        Path script = NPM.resolve("@modelcontextprotocol/" + name).resolve("dist/index.js");
        if (!Files.isRegularFile(script)) {
            throw new IllegalStateException("the MCP reference server " + name + " " + VERSION + " has no " + script
                    + ": delete " + NPM.folder() + " and run the tests again");
        }
        return script;
    }

    /**
     * The folder the servers are installed in: a script copied here finds their packages (the MCP
     * TypeScript SDK among them) as imports.
     */
    public static Path folder() {
        return NPM.folder();
    }

    /** The {@code node} executable. */
    public static String node() {
        return NpmPackages.node();
    }
}
