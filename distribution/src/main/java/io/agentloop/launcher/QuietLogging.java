package io.agentloop.launcher;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.PatternLayout;
import ch.qos.logback.core.encoder.LayoutWrappingEncoder;
import io.agentloop.hooks.redact.SecretRedactor;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.spi.ContextAwareBase;
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
        layout.setPattern("%level %logger{24}: %msg%n");
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
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }

    /** Log lines (messages and stack traces) with secrets masked. */
    static final class RedactingLayout extends PatternLayout {
        private final SecretRedactor redactor = LauncherHooks.defaultRedactor();

        @Override
        public String doLayout(ILoggingEvent event) {
            return redactor.apply(super.doLayout(event));
        }
    }
}
