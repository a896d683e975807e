package io.agentloop.launcher;

import io.agentloop.api.model.ModelException;
import io.agentloop.api.model.RetryClassifier;
import io.agentloop.api.model.RetryableModelException;

/** A plugin's retry classifier: also retries the gateway's 400 "backend restarting". */
public final class GatewayRetries implements RetryClassifier {
    @Override
    public String name() {
        return "gateway";
    }

    @Override
    public boolean isRetryable(ModelException failure) {
        return failure instanceof RetryableModelException || failure.getMessage().contains("backend restarting");
    }
}
