package io.agentloop.launcher;

import io.agentloop.api.event.AgentListener;
import io.agentloop.api.message.Usage;
import io.agentloop.api.permission.Approver;
import io.agentloop.api.run.RunResult;
import java.io.PrintWriter;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * How {@code run} and {@code chat} show a run on standard output: rendered on a terminal
 * ({@link TerminalRenderer}), as plain text otherwise ({@link ConsoleRenderer}).
 */
interface RunView extends AgentListener, AutoCloseable {

    /** How to price a run's tokens for the closing line. */
    void costs(Function<Usage, Optional<String>> pricing);

    /** The closing line of a run. */
    void summary(RunResult result);

    /** A line of its own, such as a plan's step: an answer streamed so far ends its line first. */
    void line(String text);

    /** The approver to give the agent: the view keeps quiet while a person answers. */
    default Approver asking(Approver approver) {
        return approver;
    }

    /** Runs {@code print}, which writes elsewhere (standard error), without it mixing into the view's output. */
    default void aside(Runnable print) {
        print.run();
    }

    /** Stops what the view runs in the background; nothing is written after. */
    @Override
    default void close() {
    }

    /** The view for this screen. */
    static RunView on(Screen screen, PrintWriter out, UnaryOperator<String> redact, boolean showReasoning) {
        return screen.rendered() ? new TerminalRenderer(screen, out, redact, showReasoning)
                : new ConsoleRenderer(out, redact);
    }
}
