/**
 * The {@code agentloop} launcher: commands, configuration, the terminal, and the distribution's
 * start-up. Runs on the module path, so the platform's modules keep their encapsulation at run
 * time as at compile time.
 */
module io.agentloop.launcher {
    requires io.agentloop.core;
    requires io.agentloop.providers;
    requires io.agentloop.tools;
    requires io.agentloop.hooks;
    requires io.agentloop.server;
    requires java.logging; // the web server logs through java.util.logging: quieted to warnings
    requires info.picocli;
    requires org.jline;
    requires org.commonmark;
    requires org.commonmark.ext.gfm.tables;
    requires ch.qos.logback.classic;
    requires ch.qos.logback.core;
    requires org.slf4j;
    requires tools.jackson.databind;
    requires tools.jackson.dataformat.yaml;
    requires com.networknt.schema;
    requires jdk.httpserver;

    // picocli reads the commands it runs reflectively
    opens io.agentloop.launcher to info.picocli;

    // a durable engine, from its own folder of the installation (engines/<name>) when a command asks for it
    uses io.agentloop.core.engine.DurableEngineProvider;

    provides ch.qos.logback.classic.spi.Configurator with io.agentloop.launcher.QuietLogging;
}
