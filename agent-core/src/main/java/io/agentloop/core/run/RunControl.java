package io.agentloop.core.run;

import io.agentloop.api.Cancellation;
import io.agentloop.api.CancellationSignal;
import io.agentloop.api.model.ModelStream;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.core.time.PausableTimer;
import io.agentloop.core.time.Timekeeper;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * Stops a run from any thread: a caller's cancellation or a timeout. The first stop wins and
 * fixes the run's terminal reason; it fires the run's cancellation signal (running tools see it
 * and their threads are interrupted), closes the model stream being read, which cancels the HTTP
 * call at once, and interrupts the run's thread while it is in the reasoning step's hooks.
 */
public final class RunControl {
    private final Cancellation cancellation = new Cancellation();
    private final AtomicReference<TerminalReason> reason = new AtomicReference<>();
    private volatile ModelStream stream;
    private volatile Thread reasoning;
    private final List<PausableTimer> deadlines = new CopyOnWriteArrayList<>();

    public RunControl() {
        cancellation.onCancel(() -> {
            ModelStream current = stream;
            if (current != null) {
                current.close();
            }
            Thread inHooks = reasoning;
            if (inHooks != null) {
                inHooks.interrupt();
            }
        });
    }

    /**
     * Runs the reasoning step (its hooks and the model call) so that a stop interrupts this thread:
     * a hook that waits (on a lock, a server, a person) must not hold the run past its timeout or
     * its cancellation. The interrupt is cleared afterwards, so it does not leak into the loop.
     */
    public <T> T interruptibly(Supplier<T> step) {
        reasoning = Thread.currentThread();
        try {
            if (aborted()) {
                Thread.currentThread().interrupt();
            }
            return step.get();
        } finally {
            reasoning = null;
            Thread.interrupted();
        }
    }

    /**
     * Stops the run.
     *
     * @return false if it was already stopped
     */
    public boolean abort(TerminalReason why, String message) {
        if (!reason.compareAndSet(null, why)) {
            return false;
        }
        cancellation.cancel(message);
        return true;
    }

    /**
     * Starts a deadline of the run (an iteration's or the whole run's) that stops counting while a
     * person is asked about a tool call ({@link #waitingForPerson}). Cancel it when its part ends.
     */
    public PausableTimer deadline(Timekeeper time, Duration limit, TerminalReason why, String message) {
        deadlines.removeIf(PausableTimer::over);
        PausableTimer timer = PausableTimer.start(time, limit, () -> abort(why, message));
        deadlines.add(timer);
        return timer;
    }

    /** A person is being asked ({@code true}) or has answered ({@code false}): deadlines pause meanwhile. */
    public void waitingForPerson(boolean waiting) {
        for (PausableTimer timer : deadlines) {
            if (waiting) {
                timer.pause();
            } else {
                timer.resume();
            }
        }
    }

    public boolean aborted() {
        return reason.get() != null;
    }

    public Optional<TerminalReason> reason() {
        return Optional.ofNullable(reason.get());
    }

    public CancellationSignal signal() {
        return cancellation;
    }

    /** The stream now being read; closed at once if the run is already stopped. */
    public void attach(ModelStream current) {
        stream = current;
        if (aborted()) {
            current.close();
        }
    }

    public void detach() {
        stream = null;
    }
}
