package io.agentloop.launcher;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.message.Usage;
import io.agentloop.api.run.RunResult;
import io.agentloop.core.text.TerminalText;
import java.io.PrintWriter;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * Shows a run as plain text, for a pipe or a file: the answer as streamed, each tool call as one line
 * when it ends (its name and arguments, its outcome, its result's first line and how many lines the
 * result has, its time), output a tool prints as it runs shown before that line ({@code  | } lines),
 * and a closing usage line. One line per call is what a script greps for and a log reader scans: a
 * whole result, or a start line apart from its outcome, would split a call over lines that parallel
 * calls interleave. A whole result is for {@code --json} and the session. What came from outside is {@link TerminalText#printable}:
 * the file or pipe may end on a terminal ({@code less -R}, {@code cat}), where an escape sequence in
 * a tool's output would be obeyed.
 */
final class ConsoleRenderer implements RunView {
    /** The most of a result's first line, or of a call's arguments, a tool call's line shows. */
    static final int FIRST_LINE = 200;

    private final PrintWriter out;
    private final UnaryOperator<String> redact;
    private Function<Usage, Optional<String>> cost = usage -> Optional.empty();
    private final Map<String, String> arguments = new HashMap<>();
    private boolean midLine;

    ConsoleRenderer(PrintWriter out, UnaryOperator<String> redact) {
        this.out = out;
        this.redact = text -> TerminalText.printable(redact.apply(text));
    }

    @Override
    public void costs(Function<Usage, Optional<String>> pricing) {
        this.cost = pricing;
    }

    @Override
    public synchronized void onEvent(AgentEvent event) {
        render(event);
        out.flush();
    }

    private void render(AgentEvent event) {
        switch (event) {
            case AgentEvent.TextDelta delta -> {
                out.print(TerminalText.printable(delta.text()));
                midLine = !delta.text().endsWith("\n");
            }
            case AgentEvent.ToolCallStarted call -> arguments.put(call.id(), call.arguments());
            case AgentEvent.ToolOutputDelta delta -> {
                endLine();
                redact.apply(delta.text()).lines().forEach(line -> out.println("  | " + line));
            }
            case AgentEvent.ToolCallCompleted done -> {
                endLine();
                String content = redact.apply(done.result().content());
                long lines = content.lines().count();
                // a call decided in an earlier process (a resumed run) started there: its arguments are in the session
                String called = Optional.ofNullable(arguments.remove(done.id()))
                        .map(args -> " " + shortened(oneLine(redact.apply(args)))).orElse("");
                out.printf(Locale.ROOT, "  [tool] %s%s %s -> %s (%s%.1f ms)%n", TerminalText.printable(done.name()),
                        called, done.ok() ? "ok" : "failed", firstLine(content), lines > 1 ? lines + " lines, " : "",
                        done.duration().toNanos() / 1e6);
            }
            case AgentEvent.Retrying retry -> {
                endLine();
                out.printf(Locale.ROOT, "  [retry %d in %.1f s] %s%n", retry.attempt(), retry.delay().toMillis() / 1e3,
                        TerminalText.printable(retry.cause()));
            }
            default -> {
            }
        }
    }

    @Override
    public synchronized void line(String text) {
        endLine();
        out.println(TerminalText.printable(text));
        out.flush();
    }

    @Override
    public void summary(RunResult result) {
        endLine();
        out.println(summaryLine(result, cost, redact));
    }

    /** {@code -- COMPLETED ANSWERED in 2 iterations, ...}, or {@code -- FAILED after ...: why}. */
    static String summaryLine(RunResult result, Function<Usage, Optional<String>> cost, UnaryOperator<String> redact) {
        String counts = String.format(Locale.ROOT, "%d iterations, %d tool call(s), %.3f s; tokens in %d, out %d%s",
                result.iterations(), result.toolCalls().size(), result.duration().toNanos() / 1e9,
                result.usage().inputTokens(), result.usage().outputTokens(),
                cost.apply(result.usage()).map(c -> ", cost " + c).orElse(""));
        if (result.reason().isPresent()) {
            return "-- " + result.state() + " " + result.reason().get() + " in " + counts;
        }
        return "-- " + result.state() + " after " + counts + ": " + TerminalText.printable(redact.apply(result.error()
                .map(Throwable::getMessage).orElse("unknown error")));
    }

    /** A text's line breaks and the blanks around them as one space: a pretty-printed call's arguments. */
    private static String oneLine(String text) {
        return text.replaceAll("\\s*\\R\\s*", " ").strip();
    }

    /** A result's first line with any text, at most {@link #FIRST_LINE} characters of it. */
    private static String firstLine(String content) {
        return shortened(content.lines().filter(line -> !line.isBlank()).findFirst().orElse("").strip());
    }

    private static String shortened(String text) {
        return text.length() <= FIRST_LINE ? text : text.substring(0, FIRST_LINE) + "...";
    }

    private void endLine() {
        if (midLine) {
            out.println();
            midLine = false;
        }
    }
}
