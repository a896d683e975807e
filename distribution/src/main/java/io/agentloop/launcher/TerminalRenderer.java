package io.agentloop.launcher;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.message.Usage;
import io.agentloop.api.permission.Approver;
import io.agentloop.api.run.CallState;
import io.agentloop.api.run.RunResult;
import io.agentloop.core.text.TerminalText;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * Shows a run on a terminal: a status line while the model thinks or a tool runs (what is
 * happening, for how long, tokens so far), the answer rendered as Markdown a block at a time as
 * it streams in (a block is shown once it is whole: a paragraph ended by a blank line, a heading,
 * a closed code block), reasoning dimmed (unless hidden), each tool call a compact line with the
 * first lines of its output dimmed below it as the tool prints them ({@link LiveToolOutput}) and its
 * outcome, and the closing line. Colours only when the {@link Screen} allows them; the
 * status line only on a terminal.
 *
 * <p>Events come from the loop's and the tools' threads and the status line is redrawn from its
 * own; every write holds this object's lock and erases the status line first.
 */
final class TerminalRenderer implements RunView {
    private static final long TICK_MILLIS = 100;
    /** The widest the status line gets. */
    private static final int STATUS_COLUMNS = 60;

    /** What was written last, to separate kinds of output by a blank line. */
    private enum Last { NOTHING, TEXT, REASONING, TOOL }

    private final Screen screen;
    private final PrintWriter out;
    private final UnaryOperator<String> redact;
    private final boolean showReasoning;
    private final Style style;
    private final MarkdownText markdown;
    private Function<Usage, Optional<String>> cost = usage -> Optional.empty();

    private final StringBuilder pending = new StringBuilder();
    private final BlockBoundaries boundaries = new BlockBoundaries();
    private final Set<String> runningTools = new HashSet<>();
    private final LiveToolOutput liveOutput = new LiveToolOutput();
    private Last last = Last.NOTHING;
    private boolean midReasoningLine;

    // the status line
    private ScheduledExecutorService ticker;
    private String activity;
    private long activitySince;
    private boolean drawn;
    private boolean paused;
    /** Lines written while a person answers an approval, shown after. */
    private final List<String> held = new ArrayList<>();
    private boolean closed;
    private int drawnColumns;
    private int frame;
    private long outputTokens;
    private long streamedChars;

    TerminalRenderer(Screen screen, PrintWriter out, UnaryOperator<String> redact, boolean showReasoning) {
        this.screen = screen;
        this.out = out;
        this.redact = redact;
        this.showReasoning = showReasoning;
        this.style = new Style(screen);
        this.markdown = new MarkdownText(style, screen.width());
    }

    @Override
    public void costs(Function<Usage, Optional<String>> pricing) {
        this.cost = pricing;
    }

    @Override
    public synchronized void onEvent(AgentEvent event) {
        switch (event) {
            case AgentEvent.StateChanged change when change.to() == CallState.CALLING -> {
                streamedChars = 0;
                activity("thinking");
            }
            case AgentEvent.StateChanged change when change.to() == CallState.TOOL_EXECUTING
                    || change.to() == CallState.SUCCESS || change.to() == CallState.ERROR -> {
                flushAnswer();
                endReasoning();
                idle();
            }
            case AgentEvent.TextDelta delta -> {
                streamedChars += delta.text().length();
                endReasoning();
                pending.append(delta.text());
                showWholeBlocks();
                relabel("writing");
            }
            case AgentEvent.ReasoningDelta delta -> {
                streamedChars += delta.text().length();
                if (showReasoning) {
                    reasoning(delta.text());
                }
            }
            case AgentEvent.ToolCallStarted call -> {
                flushAnswer();
                endReasoning();
                separateFrom(Last.TOOL);
                String name = TerminalText.printable(call.name());
                write(style.cyan(style.toolMark) + " " + style.bold(name) + " "
                        + style.dim(oneLine(CallArguments.shortText(redact.apply(call.arguments())),
                                screen.width() - name.length() - 3)));
                runningTools.add(call.id());
                activity("running " + name);
            }
            case AgentEvent.ToolProgress progress when runningTools.contains(progress.id()) ->
                    relabel(TerminalText.printable(progress.name()) + ": " + oneLine(redact.apply(progress.message()), 40));
            case AgentEvent.ToolOutputDelta delta when runningTools.contains(delta.id()) -> liveOutput.lines(delta.id(),
                    redact.apply(delta.text())).forEach(line -> write("  " + style.dim(oneLine(line, screen.width() - 4))));
            case AgentEvent.ToolCallCompleted done when runningTools.contains(done.id()) -> {
                runningTools.remove(done.id());
                liveOutput.ended(done.id());
                String outcome = done.ok() ? style.green("ok") : style.red(style.failMark + " failed");
                String time = String.format(Locale.ROOT, "%.1f ms", done.duration().toNanos() / 1e6);
                String content = redact.apply(done.result().content());
                long lines = content.lines().count();
                String first = oneLine(content.lines().filter(l -> !l.isBlank()).findFirst().orElse(""),
                        screen.width() - 30);
                write("  " + style.dim(style.resultMark) + " " + outcome + style.dim(" · " + time
                        + (lines > 1 ? " · " + lines + " lines" : ""))
                        + (first.isEmpty() ? "" : "  " + style.dim(first)));
                if (runningTools.isEmpty()) {
                    idle();
                }
            }
            case AgentEvent.ToolCallPending waiting -> write("  " + style.dim(style.resultMark) + " "
                    + style.yellow("waits for approval") + "  " + style.dim(oneLine(redact.apply(
                    String.join("; ", waiting.reasons())), screen.width() - 30)));
            case AgentEvent.Retrying retry -> {
                pending.setLength(0); // the attempt's text streams again
                boundaries.reset();
                endReasoning();
                write(style.yellow(String.format(Locale.ROOT, "retry %d in %.1f s: %s", retry.attempt(),
                        retry.delay().toMillis() / 1e3, oneLine(retry.cause(), screen.width() - 20))));
                activity("waiting to retry");
            }
            case AgentEvent.Compacted compacted -> write(style.dim("history compacted (" + compacted.strategy() + "): "
                    + compacted.before() + " -> " + compacted.after() + " messages"));
            case AgentEvent.UsageUpdated usage -> {
                outputTokens = usage.total().outputTokens();
                streamedChars = 0;
            }
            case AgentEvent.RunCompleted ignored -> {
                flushAnswer();
                endReasoning();
                runningTools.clear();
                liveOutput.clear();
                outputTokens = 0;
                idle();
            }
            default -> {
            }
        }
        out.flush();
    }

    @Override
    public synchronized void summary(RunResult result) {
        flushAnswer();
        endReasoning();
        idle();
        separateFrom(Last.NOTHING);
        runningTools.clear();
        String line = TerminalText.printable(ConsoleRenderer.summaryLine(result, cost, redact));
        write(result.reason().isPresent() ? style.dim(line) : style.red(line));
        last = Last.NOTHING;
        out.flush();
    }

    @Override
    public synchronized void line(String text) {
        flushAnswer();
        endReasoning();
        separateFrom(Last.NOTHING);
        write(TerminalText.printable(text));
        last = Last.NOTHING;
        out.flush();
    }

    @Override
    public Approver asking(Approver approver) {
        return request -> {
            synchronized (this) {
                flushAnswer();
                endReasoning();
                erase();
                paused = true;
                out.flush();
            }
            try {
                return approver.approve(request);
            } finally {
                synchronized (this) {
                    paused = false;
                    held.forEach(out::println);
                    held.clear();
                    out.flush();
                }
            }
        };
    }

    // ---- the answer

    /** Renders the blocks of the answer that are whole; the rest waits for more text. */
    private void showWholeBlocks() {
        int end = boundaries.scan(pending);
        if (end > 0) {
            String blocks = pending.substring(0, end);
            pending.delete(0, end);
            boundaries.consumed(end);
            showMarkdown(blocks);
        }
    }

    private void flushAnswer() {
        boundaries.reset();
        if (!pending.isEmpty()) {
            String rest = pending.toString();
            pending.setLength(0);
            showMarkdown(rest);
        }
    }

    private void showMarkdown(String text) {
        if (text.isBlank()) {
            return;
        }
        if (last == Last.TEXT) {
            write(""); // between blocks of one answer
        }
        separateFrom(Last.TEXT);
        write(markdown.render(text));
        last = Last.TEXT;
    }

    // ---- reasoning

    private void reasoning(String text) {
        if (last != Last.REASONING) {
            separateFrom(Last.REASONING);
            erase();
            last = Last.REASONING;
        } else {
            erase();
        }
        String shown = TerminalText.printable(text);
        out.print(style.dim(style.italic(shown)));
        midReasoningLine = !shown.endsWith("\n");
    }

    private void endReasoning() {
        if (midReasoningLine) {
            erase();
            out.println();
            midReasoningLine = false;
        }
    }

    // ---- lines

    /** A blank line when the output turns from one kind to another. */
    private void separateFrom(Last next) {
        if (last != Last.NOTHING && last != next) {
            write("");
        }
        last = next;
    }

    private void write(String line) {
        if (closed) {
            return;
        }
        if (paused) {
            held.add(line);
            return;
        }
        erase();
        out.println(line);
    }

    /** Runs {@code print} (which writes elsewhere, such as standard error) with the status line off the screen. */
    @Override
    public synchronized void aside(Runnable print) {
        erase();
        out.flush();
        print.run();
    }

    /** One line of at most {@code max} characters: line breaks shown as spaces, the rest cut with an ellipsis. */
    private String oneLine(String text, int max) {
        String flat = TerminalText.printable(text).replaceAll("\\s*\\n\\s*", " ").replace('\t', ' ').strip();
        int limit = Math.max(10, max);
        return flat.length() <= limit ? flat : flat.substring(0, limit - 1) + (screen.unicode() ? "…" : "~");
    }

    // ---- the status line

    private void activity(String what) {
        activity = what;
        activitySince = System.nanoTime();
        if (screen.terminal() && ticker == null && !closed) {
            ticker = Executors.newSingleThreadScheduledExecutor(task -> {
                Thread thread = new Thread(task, "agentloop-status");
                thread.setDaemon(true);
                return thread;
            });
            ticker.scheduleAtFixedRate(this::tick, TICK_MILLIS, TICK_MILLIS, TimeUnit.MILLISECONDS);
        }
    }

    /** A new label for what is going on, keeping its start time. */
    private void relabel(String what) {
        if (activity == null) {
            activity(what);
        } else {
            activity = what;
        }
    }

    private void idle() {
        activity = null;
        erase();
    }

    private synchronized void tick() {
        if (activity == null || paused || midReasoningLine || closed) {
            return;
        }
        double seconds = (System.nanoTime() - activitySince) / 1e9;
        long estimate = streamedChars / 4;
        String tokens = (estimate > 0 ? "~" : "") + (outputTokens + estimate) + " tokens";
        String facts = String.format(Locale.ROOT, " · %.1fs · %s", seconds, tokens);
        // short enough not to wrap even if the terminal was narrowed: a wrapped line cannot be erased
        int room = Math.min(screen.width() - 1, STATUS_COLUMNS);
        String label = MarkdownText.fit(activity, room - MarkdownText.visibleLength(facts) - 2, screen.unicode());
        String line = style.cyan(style.spinner[frame++ % style.spinner.length]) + " " + label + style.dim(facts);
        int columns = MarkdownText.visibleLength(line);
        if (columns > room) {
            return;
        }
        // without colours nothing may be written but text: spaces cover a longer line drawn before
        out.print("\r" + line + (style.coloured() ? "\u001b[K" : " ".repeat(Math.max(0, drawnColumns - columns))));
        out.flush();
        drawn = true;
        drawnColumns = columns;
    }

    /** Takes the status line off the screen (it is drawn again at the next tick while there is activity). */
    private void erase() {
        if (drawn) {
            out.print(style.eraseLine(drawnColumns + 1));
            drawn = false;
            drawnColumns = 0;
        }
    }

    /** Stops the status line's thread (a chat's runs share it). */
    @Override
    public synchronized void close() {
        idle();
        closed = true;
        if (ticker != null) {
            ticker.shutdownNow();
            ticker = null;
        }
        out.flush();
    }
}
