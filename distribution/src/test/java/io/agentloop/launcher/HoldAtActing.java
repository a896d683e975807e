package io.agentloop.launcher;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.event.AgentListener;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/**
 * A plugin listener for the resume tests. When the variable {@value #VARIABLE} names a file, it
 * holds the run for good at the move of the model call's process to {@code TOOL_EXECUTING} (after
 * the model's turn is on record, before the first of its calls starts), once it has created that file: the test then kills the
 * launcher there. Without the variable it does nothing. (A listener must not block; this one is
 * a stand-in for a crash at that moment.)
 */
public final class HoldAtActing implements AgentListener {
    static final String VARIABLE = "RESUME_TEST_HOLD_AT_ACTING";

    @Override
    public void onEvent(AgentEvent event) {
        String marker = System.getenv(VARIABLE);
        if (marker == null || !(event instanceof AgentEvent.StateChanged changed)
                || !(changed.to() instanceof Enum<?> state) || !state.name().equals("TOOL_EXECUTING")) {
            return;
        }
        try {
            Files.writeString(Path.of(marker), "held\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        CountDownLatch never = new CountDownLatch(1);
        while (true) {
            try {
                never.await();
            } catch (InterruptedException e) {
                // held until the process is killed
            }
        }
    }
}
