package io.agentloop.core.session;

import io.agentloop.api.message.Message;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.message.Usage;
import io.agentloop.api.session.Checkpoint;
import io.agentloop.api.session.Session;
import io.agentloop.api.tool.ToolResult;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * One run of a saved session as statistics see it, read from the checkpoint the run left
 * ({@code run-N}, written by {@link SessionRecorder}, or {@code plan-done} for a plan). Runs saved
 * before the checkpoint named its model and duration have neither ({@code provider} and
 * {@code model} empty, no duration), and their failed and denied tools are counted from the tool
 * results the conversation gained during the run. A call refused (by a permission rule, a hook or a
 * person) is a denial, not a failure: the tool never ran. Runs recorded before denials were kept
 * apart count theirs among the failures.
 *
 * @param session     the session's id
 * @param run         the checkpoint's name
 * @param ended       when the run ended
 * @param outcome     the run's state as saved ({@code COMPLETED ANSWERED}, {@code FAILED}...)
 * @param duration    the run's wall-clock time, when it was saved
 * @param usage       the run's tokens
 * @param provider    the provider the run called; empty when not saved
 * @param model       the model the run called; empty when not saved
 * @param failedTools the tool calls that ended in an error, by tool name, denials left out
 * @param deniedTools the tool calls that were refused, by tool name
 */
public record RunSummary(String session, String run, Instant ended, String outcome, Optional<Duration> duration,
                         Usage usage, String provider, String model, Map<String, Integer> failedTools,
                         Map<String, Integer> deniedTools) {
    private static final Pattern RUN = Pattern.compile("run-\\d+");
    private static final String DENIED = new ToolResult.Failure(ToolResult.Failure.DENIED, "").content();
    static final String PLAN_DONE = "plan-done";

    public RunSummary {
        Objects.requireNonNull(session, "session");
        Objects.requireNonNull(run, "run");
        Objects.requireNonNull(ended, "ended");
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(duration, "duration");
        Objects.requireNonNull(usage, "usage");
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(model, "model");
        failedTools = Map.copyOf(failedTools);
        deniedTools = Map.copyOf(deniedTools);
    }

    /** Whether a tool result's text is that of a refused call ({@code Error (denied): ...}). */
    static boolean denied(String content) {
        return content.startsWith(DENIED);
    }

    /** The model answered (a plan's end is saved as plain {@code COMPLETED}). */
    public boolean succeeded() {
        return outcome.equals("COMPLETED ANSWERED") || run.equals(PLAN_DONE) && outcome.equals("COMPLETED");
    }

    /**
     * The runs of a session, in the order they ended. A checkpoint from before the session was
     * created is a run of another session, copied by a fork, and is not counted again; a pause a
     * later run went on from is that run ({@link SessionUsage#counted}).
     */
    public static List<RunSummary> of(Session session) {
        List<RunSummary> runs = new ArrayList<>();
        List<Checkpoint> counted = SessionUsage.counted(session);
        int before = 0;
        for (Session.Restorable restorable : session.checkpoints()) {
            Checkpoint checkpoint = restorable.checkpoint();
            List<Message> messages = restorable.messages();
            if (counted.contains(checkpoint) && !checkpoint.at().isBefore(session.info().created())) {
                Map<String, String> data = checkpoint.data();
                int from = messages.size() >= before ? before : 0; // a compaction shortened it: all of it
                Optional<Duration> duration = Optional.ofNullable(data.get("duration_ms")).flatMap(RunSummary::millis);
                Optional<Map<String, Integer>> recorded = duration.flatMap(d -> recorded(data, "failed_tools"));
                Map<String, Integer> failed = recorded.orElseGet(() -> failedSince(messages, from, false));
                Map<String, Integer> denied = recorded.isPresent() ? recorded(data, "denied_tools").orElse(Map.of())
                        : failedSince(messages, from, true);
                runs.add(new RunSummary(session.info().id(), checkpoint.name(), checkpoint.at(), checkpoint.state(),
                        duration, checkpoint.usage(), data.getOrDefault("provider", ""),
                        data.getOrDefault("model", ""), failed, denied));
            }
            before = messages.size();
        }
        return runs;
    }

    static boolean isRun(String checkpoint) {
        return RUN.matcher(checkpoint).matches() || checkpoint.equals(PLAN_DONE);
    }

    /** Tool names are letters, digits, {@code _} and {@code -}: {@code bash=2,grep=1}, by name. */
    static String failedTools(Map<String, Integer> failed) {
        StringBuilder text = new StringBuilder();
        new TreeMap<>(failed).forEach((tool, count) -> text.append(text.isEmpty() ? "" : ",").append(tool)
                .append('=').append(count));
        return text.toString();
    }

    /** @throws IllegalArgumentException when the text is not as {@link #failedTools(Map)} writes it */
    static Map<String, Integer> parseFailedTools(String text) {
        Map<String, Integer> failed = new TreeMap<>();
        if (text.isEmpty()) {
            return failed;
        }
        for (String pair : text.split(",")) {
            int equals = pair.lastIndexOf('=');
            if (equals <= 0) {
                throw new IllegalArgumentException("'" + pair + "' is not tool=count");
            }
            failed.merge(pair.substring(0, equals), Integer.parseInt(pair.substring(equals + 1)), Integer::sum);
        }
        return failed;
    }

    private static Optional<Map<String, Integer>> recorded(Map<String, String> data, String key) {
        try {
            return Optional.of(parseFailedTools(data.getOrDefault(key, "")));
        } catch (IllegalArgumentException e) {
            return Optional.empty(); // not as the recorder writes it: counted from the conversation
        }
    }

    private static Optional<Duration> millis(String text) {
        try {
            return Optional.of(Duration.ofMillis(Long.parseLong(text)));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /**
     * The tool results in error the conversation gained after its first {@code from} messages: the
     * refused calls when {@code denied}, else the others.
     */
    private static Map<String, Integer> failedSince(List<Message> messages, int from, boolean denied) {
        Map<String, Integer> failed = new TreeMap<>();
        for (Message message : messages.subList(from, messages.size())) {
            if (message instanceof ToolMessage tool) {
                for (ToolResultBlock result : tool.results()) {
                    if (result.error() && denied(result.content()) == denied) {
                        failed.merge(result.toolName(), 1, Integer::sum);
                    }
                }
            }
        }
        return failed;
    }
}
