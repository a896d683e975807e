/**
 * Built-in hooks: usage and cost accounting with budgets ({@code hooks.usage}), a JSON-lines trace
 * ({@code hooks.trace}), guards ({@code hooks.guard}) and
 * file-backed long-term memory with recall before each model call ({@code hooks.memory}). Programs
 * and the launcher wire them explicitly: each needs settings (prices, limits, files).
 */
module io.agentloop.hooks {
    requires transitive io.agentloop.core;
    requires tools.jackson.databind;
    requires org.slf4j;

    exports io.agentloop.hooks.usage;
    exports io.agentloop.hooks.trace;
    exports io.agentloop.hooks.guard;
    exports io.agentloop.hooks.memory;
}
