package io.agentloop.testkit;

import io.agentloop.api.Cancellation;
import io.agentloop.api.CancellationSignal;
import io.agentloop.api.tool.ToolContext;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** A {@link ToolContext} for calling a tool directly in a unit test; records progress messages. */
public final class TestToolContext implements ToolContext {
    private final Cancellation cancellation = new Cancellation();
    private final List<String> progress = Collections.synchronizedList(new ArrayList<>());

    @Override
    public String callId() {
        return "test-call";
    }

    @Override
    public String runId() {
        return "test-run";
    }

    @Override
    public CancellationSignal cancellation() {
        return cancellation;
    }

    @Override
    public void progress(String message) {
        progress.add(message);
    }

    /** Cancels, as the platform would when the run is cancelled. */
    public void cancel() {
        cancellation.cancel("cancelled by the test");
    }

    public List<String> progressMessages() {
        synchronized (progress) {
            return List.copyOf(progress);
        }
    }
}
