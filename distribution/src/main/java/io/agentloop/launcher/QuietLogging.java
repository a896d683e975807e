package io.agentloop.launcher;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.pattern.Abbreviator;
import ch.qos.logback.classic.pattern.TargetLengthBasedClassNameAbbreviator;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.CoreConstants;
import ch.qos.logback.core.LayoutBase;
import ch.qos.logback.core.encoder.LayoutWrappingEncoder;
import ch.qos.logback.core.spi.ContextAwareBase;
import io.agentloop.core.secret.SecretRedactor;
import org.slf4j.Logger;

/**
 * The launcher's logging, set up in code (found by Logback as a service; quicker at start-up than
 * parsing a configuration file): warnings and errors on stderr, PF4J silent because the plugin
 * host reports plugin problems itself. {@code --verbose} lowers the levels ({@link Logging}).
 */
public final class QuietLogging extends ContextAwareBase implements Configurator {

    @Override
    public ExecutionStatus configure(LoggerContext context) {
        RedactingLayout layout = new RedactingLayout();
        layout.setContext(context);
        layout.start();
        LayoutWrappingEncoder<ILoggingEvent> encoder = new LayoutWrappingEncoder<>();
        encoder.setContext(context);
        encoder.setLayout(layout);
        encoder.start();
        ConsoleAppender<ILoggingEvent> stderr = new ConsoleAppender<>();
        stderr.setContext(context);
        stderr.setName("stderr");
        stderr.setTarget("System.err");
        stderr.setEncoder(encoder);
        stderr.start();
        ch.qos.logback.classic.Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.WARN);
        root.addAppender(stderr);
        context.getLogger("org.pf4j").setLevel(Level.OFF);
        // The launcher names the tools that cannot run in its own line (AgentSetup.notice).
        context.getLogger("io.agentloop.core.Agent").setLevel(Level.ERROR);
        // The run names a tool call left behind (and a plugin's System.exit) in its own line (RunCommand).
        context.getLogger("io.agentloop.core.tool.RunningCall").setLevel(Level.ERROR);
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }

    /**
     * Log lines, {@code LEVEL logger: message} (the logger name shortened to about 24 characters)
     * and the stack trace if any, with secrets masked. Written by hand: a pattern layout would parse
     * its pattern and build its converters while the launcher starts.
     */
    static final class RedactingLayout extends LayoutBase<ILoggingEvent> {
        private final SecretRedactor redactor = LauncherHooks.defaultRedactor();
        private final Abbreviator names = new TargetLengthBasedClassNameAbbreviator(24);

        @Override
        public String doLayout(ILoggingEvent event) {
            StringBuilder line = new StringBuilder(128).append(event.getLevel()).append(' ')
                    .append(names.abbreviate(event.getLoggerName())).append(": ").append(event.getFormattedMessage())
                    .append(CoreConstants.LINE_SEPARATOR);
            IThrowableProxy thrown = event.getThrowableProxy();
            if (thrown != null) {
                line.append(ThrowableProxyUtil.asString(thrown)).append(CoreConstants.LINE_SEPARATOR);
            }
            return redactor.apply(line.toString());
        }
    }
}
