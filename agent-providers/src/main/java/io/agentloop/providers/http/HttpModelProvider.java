package io.agentloop.providers.http;

import io.agentloop.api.model.ModelProvider;
import java.util.function.UnaryOperator;

/**
 * The common part of the HTTP providers: who they are (for ids and error messages) and where they
 * read environment variables from ({@link System#getenv} unless a test or an embedding application
 * passes its own lookup).
 */
public abstract class HttpModelProvider implements ModelProvider {
    private final ProviderInfo info;
    private final UnaryOperator<String> env;

    protected HttpModelProvider(ProviderInfo info, UnaryOperator<String> env) {
        this.info = info;
        this.env = env;
    }

    @Override
    public final String id() {
        return info.id();
    }

    protected final ProviderInfo info() {
        return info;
    }

    protected final UnaryOperator<String> env() {
        return env;
    }
}
