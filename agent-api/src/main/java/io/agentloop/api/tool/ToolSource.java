package io.agentloop.api.tool;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Tools known only once something is running: the tools of MCP servers, of a remote catalogue.
 * The platform asks a source for its {@link #tools()} when it assembles an agent, adds them to the
 * agent's tools (under the same validation and permission rules as every tool), and closes the
 * source when it exits. A source reports a connection that failed in {@link #connections()} and
 * goes on with the others: it never fails the platform.
 *
 * <p>Implementations need a public no-argument constructor (or one taking a
 * {@link io.agentloop.api.plugin.PluginContext}) and must be thread-safe.
 */
public interface ToolSource extends AutoCloseable {

    /** The source's name ({@code mcp}). */
    String name();

    /**
     * The tools on offer now, connecting first if needed (within the source's own timeouts).
     * Never throws for a connection that failed: its tools are left out, and the failure is in
     * {@link #connections()}.
     */
    List<Tool> tools();

    /** What the source is connected to, for listings: one entry per connection. */
    List<Connection> connections();

    /** Closes every connection; what the source started (processes) is stopped. */
    @Override
    void close();

    /**
     * One connection of a source.
     *
     * @param name    the connection's name (an MCP server's configured name)
     * @param state   what it is doing ({@code ready}, {@code failed}, {@code disabled}...)
     * @param tools   the names of its tools as agents see them
     * @param problem what went wrong, when something did
     */
    record Connection(String name, String state, List<String> tools, Optional<String> problem) {
        public Connection {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(state, "state");
            tools = List.copyOf(tools);
            Objects.requireNonNull(problem, "problem");
        }
    }
}
