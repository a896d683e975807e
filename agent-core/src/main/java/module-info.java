/**
 * The Agentloop core: the agent loop's two state machines, tool execution, retries, the hook
 * engine, compaction and the extension registries.
 */
module io.agentloop.core {
    requires transitive io.agentloop.api;
    requires tools.jackson.databind;
    requires com.networknt.schema;
    requires org.slf4j;
    // PF4J 3.15 has no module descriptor: its derived name is "pf4j" (the next release names it org.pf4j).
    requires pf4j;

    exports io.agentloop.core;
    exports io.agentloop.core.registry;
    exports io.agentloop.core.time;
    exports io.agentloop.core.compaction;
    exports io.agentloop.core.catalog;
    exports io.agentloop.core.plugin;
    exports io.agentloop.core.permission;
    exports io.agentloop.core.workspace;
    exports io.agentloop.core.session;
    exports io.agentloop.core.secret;
    exports io.agentloop.core.sandbox;
    exports io.agentloop.core.text;
    exports io.agentloop.core.format;
    exports io.agentloop.core.memory;
    exports io.agentloop.core.skill;
    exports io.agentloop.core.plan;
    exports io.agentloop.core.output;
    exports io.agentloop.core.event;
    // for effect runners outside the core (a durable engine): the loop, its effects and their records
    exports io.agentloop.core.loop;
    exports io.agentloop.core.call;
    exports io.agentloop.core.tool;
    exports io.agentloop.core.run;
    exports io.agentloop.core.hook;
    exports io.agentloop.core.engine;
    exports io.agentloop.core.hub;

    uses io.agentloop.api.tool.Tool;
    uses io.agentloop.api.model.ModelProvider;
    uses io.agentloop.api.memory.CompactionStrategy;
    uses io.agentloop.api.session.SessionStore;
    uses io.agentloop.api.hook.Hook;
    uses io.agentloop.api.event.AgentListener;
    uses io.agentloop.api.format.Formatter;
    uses io.agentloop.api.memory.Memory;
    uses io.agentloop.api.memory.LongTermMemory;
    uses io.agentloop.api.model.RetryClassifier;
    uses io.agentloop.api.plugin.PluginSettings;
    uses io.agentloop.api.run.DecisionPolicy;
    uses io.agentloop.api.tool.ToolSource;
    uses io.agentloop.api.tool.ToolServer;
    uses io.agentloop.api.metrics.MetricsExposition;

    provides io.agentloop.api.session.SessionStore with io.agentloop.core.session.FileSessionStore;
    provides io.agentloop.api.model.RetryClassifier with io.agentloop.core.call.StandardRetryClassifier;
    provides io.agentloop.api.run.DecisionPolicy with io.agentloop.core.loop.StandardDecisionPolicy;
    provides io.agentloop.api.memory.Memory with io.agentloop.core.memory.InMemoryHistory;
    provides io.agentloop.api.format.Formatter with
            io.agentloop.core.format.NativeFormatter,
            io.agentloop.core.format.TextFormatter,
            io.agentloop.core.format.OpenAiChatFormatter,
            io.agentloop.core.format.SimpleFormatter,
            io.agentloop.core.format.StringFormatter;
    provides io.agentloop.api.memory.CompactionStrategy with
            io.agentloop.core.compaction.TruncateCompaction,
            io.agentloop.core.compaction.SlidingWindowCompaction,
            io.agentloop.core.compaction.SummaryCompaction,
            io.agentloop.core.compaction.KeyInformationCompaction;
}
