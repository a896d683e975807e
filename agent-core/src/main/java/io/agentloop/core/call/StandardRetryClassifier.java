package io.agentloop.core.call;

import io.agentloop.api.model.ModelException;
import io.agentloop.api.model.RetryClassifier;
import io.agentloop.api.model.RetryableModelException;

/** The built-in retry classifier ({@code standard}): what the provider marked retryable, nothing else. */
public final class StandardRetryClassifier implements RetryClassifier {
    public static final StandardRetryClassifier INSTANCE = new StandardRetryClassifier();
    public static final String NAME = "standard";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public boolean isRetryable(ModelException failure) {
        return failure instanceof RetryableModelException;
    }
}
