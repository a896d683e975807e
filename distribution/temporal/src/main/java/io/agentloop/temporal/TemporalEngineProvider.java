package io.agentloop.temporal;

import io.agentloop.core.engine.DurableEngine;
import io.agentloop.core.engine.DurableEngineProvider;
import java.util.Map;

/** The {@code temporal} engine, for {@code --engine temporal} and {@code agentloop worker}. */
public final class TemporalEngineProvider implements DurableEngineProvider {
    @Override
    public String name() {
        return "temporal";
    }

    @Override
    public DurableEngine connect(Map<String, String> settings) {
        return TemporalEngine.connect(TemporalSettings.of(settings));
    }
}
