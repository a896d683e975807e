package io.agentloop.plugins.otel;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Which tools are an MCP server's. The MCP plugin names each server's tools {@code <server>_<tool>}
 * and marks them no other way, so the servers' names (the plugin's {@code mcp-servers} setting,
 * comma-separated) tell them apart: a tool whose name starts with a server's name and {@code _} is
 * that server's (the longest name wins when one server's name starts another's).
 */
record McpServers(List<String> names) {
    static final McpServers NONE = new McpServers(List.of());

    McpServers {
        names = names.stream().sorted(Comparator.comparingInt(String::length).reversed()).toList();
    }

    /** From the setting's value: names separated by commas, blanks ignored. */
    static McpServers parse(String setting) {
        return new McpServers(Arrays.stream(setting.split(",")).map(String::strip).filter(n -> !n.isEmpty())
                .map(n -> n.replaceAll("[^A-Za-z0-9_-]", "_")).toList());
    }

    Optional<String> serverOf(String tool) {
        return names.stream().filter(server -> tool.startsWith(server + "_")).findFirst();
    }
}
