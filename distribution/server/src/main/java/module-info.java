/**
 * {@code agentloop serve}: runs started over HTTP, their events as Server-Sent Events, approvals and
 * cancellation from anywhere, a web console and the Agent2Agent protocol. What runs the agents is a
 * {@link io.agentloop.server.backend.RunBackend}: the launcher's configured agents, or an application's own.
 */
module io.agentloop.server {
    requires transitive io.agentloop.core;
    requires tools.jackson.databind;
    requires io.helidon.webserver;
    requires io.helidon.logging.common;
    requires org.slf4j;

    exports io.agentloop.server;
    exports io.agentloop.server.backend;
    exports io.agentloop.server.users;

    provides io.helidon.logging.common.spi.LoggingProvider with io.agentloop.server.HelidonLogging;
}
