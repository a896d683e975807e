/**
 * The Agentloop core: the agent loop's two state machines, tool execution, retries, the hook
 * engine, compaction and the extension registries.
 */
module io.agentloop.core {
    requires transitive io.agentloop.api;
    requires tools.jackson.databind;
    requires com.networknt.schema;
    requires org.slf4j;

    exports io.agentloop.core;
    exports io.agentloop.core.registry;
    exports io.agentloop.core.time;
    exports io.agentloop.core.compaction;

    uses io.agentloop.api.tool.Tool;
    uses io.agentloop.api.model.ModelProvider;
    uses io.agentloop.api.memory.CompactionStrategy;
    uses io.agentloop.api.session.SessionStore;
    uses io.agentloop.api.hook.Hook;
    uses io.agentloop.api.event.AgentListener;

    provides io.agentloop.api.memory.CompactionStrategy with
            io.agentloop.core.compaction.TruncateCompaction,
            io.agentloop.core.compaction.SlidingWindowCompaction;
}
