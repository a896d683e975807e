package io.agentloop.spring;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Shows a {@link StartupRefusal} as Boot shows a failure it understands: its line and what to do,
 * with no stack trace in between (registered in {@code META-INF/spring.factories}).
 */
final class StartupRefusalAnalyzer extends AbstractFailureAnalyzer<StartupRefusal> {
    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, StartupRefusal cause) {
        return new FailureAnalysis(cause.getMessage(), cause.action(), cause);
    }
}
