package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.LoggingEvent;
import io.agentloop.core.secret.SecretRedactor;
import org.junit.jupiter.api.Test;

/** The launcher's log line layout: level, shortened logger name, message, stack trace, secrets masked. */
class QuietLoggingTest {
    private static final String KEY = "sk-proj-LoggedKey0123456789abcdefXYZ";

    @Test
    void aLogLineHasLevelLoggerAndMessageAndMasksSecretsAlsoInTheStackTrace() {
        LoggerContext context = new LoggerContext();
        QuietLogging.RedactingLayout layout = new QuietLogging.RedactingLayout();
        layout.setContext(context);
        layout.start();
        LoggingEvent event = new LoggingEvent(QuietLoggingTest.class.getName(),
                context.getLogger("io.agentloop.core.plugin.PluginHost"), Level.WARN, "plugin {} failed with key {}",
                new IllegalStateException("refused " + KEY), new Object[] {"audit-trail", KEY});

        String line = layout.doLayout(event);

        assertThat(line).startsWith("WARN i.a.c.plugin.PluginHost: plugin audit-trail failed with key "
                + SecretRedactor.MASK + System.lineSeparator());
        assertThat(line).contains("java.lang.IllegalStateException: refused " + SecretRedactor.MASK)
                .contains("\tat io.agentloop.launcher.QuietLoggingTest").doesNotContain(KEY)
                .endsWith(System.lineSeparator());
    }
}
