/**
 * The public API of Agentloop: values, SPIs and events. Depends on the JDK only; plugins compile
 * against this module alone ({@code provided} scope).
 */
module io.agentloop.api {
    exports io.agentloop.api;
    exports io.agentloop.api.message;
    exports io.agentloop.api.model;
    exports io.agentloop.api.tool;
    exports io.agentloop.api.hook;
    exports io.agentloop.api.event;
    exports io.agentloop.api.run;
    exports io.agentloop.api.memory;
    exports io.agentloop.api.metrics;
    exports io.agentloop.api.session;
    exports io.agentloop.api.format;
    exports io.agentloop.api.permission;
    exports io.agentloop.api.plugin;
    exports io.agentloop.api.setting;
    exports io.agentloop.api.hub;
}
