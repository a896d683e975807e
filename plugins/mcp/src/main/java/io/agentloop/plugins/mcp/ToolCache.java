package io.agentloop.plugins.mcp;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The tool list of each server from its last start, in the plugin's private data folder
 * ({@code tools-<server>.json}), so that a server started lazily offers its tools before it runs.
 * An entry is used only while the server is configured the same way ({@link ServerConfig#identity()}).
 */
final class ToolCache {
    private static final Logger log = LoggerFactory.getLogger(ToolCache.class);

    record Entry(String identity, List<McpSchema.Tool> tools) {
    }

    private final Supplier<Path> folders;
    private final McpJsonMapper json;
    private Optional<Path> folder;

    /** @param folder the folder, asked for the first time a list is read or kept (null: none) */
    ToolCache(Supplier<Path> folder, McpJsonMapper json) {
        this.folders = folder;
        this.json = json;
    }

    private synchronized Optional<Path> folder() {
        if (folder == null) {
            folder = Optional.ofNullable(folders.get());
        }
        return folder;
    }

    Optional<List<McpSchema.Tool>> read(ServerConfig server) {
        Optional<Path> file = folder().map(f -> f.resolve("tools-" + server.name() + ".json")).filter(Files::isRegularFile);
        if (file.isEmpty()) {
            return Optional.empty();
        }
        try {
            Entry entry = json.readValue(Files.readString(file.get()), new TypeRef<Entry>() {
            });
            return entry.identity().equals(server.identity()) ? Optional.of(entry.tools()) : Optional.empty();
        } catch (IOException | RuntimeException e) {
            log.debug("the cached tool list of MCP server '{}' is unreadable and is ignored: {}", server.name(), e.toString());
            return Optional.empty();
        }
    }

    void write(ServerConfig server, List<McpSchema.Tool> tools) {
        Optional<Path> into = folder();
        if (into.isEmpty()) {
            return;
        }
        try {
            Files.createDirectories(into.get());
            Path file = into.get().resolve("tools-" + server.name() + ".json");
            Path temporary = Files.createTempFile(into.get(), "tools-", ".tmp");
            Files.writeString(temporary, json.writeValueAsString(new Entry(server.identity(), tools)));
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            log.warn("the tool list of MCP server '{}' could not be kept for a lazy start: {}", server.name(),
                    e.toString());
        }
    }
}
