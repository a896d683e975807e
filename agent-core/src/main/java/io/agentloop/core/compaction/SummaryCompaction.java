package io.agentloop.core.compaction;

import io.agentloop.api.CancellationSignal;
import io.agentloop.api.memory.CompactionRequest;
import io.agentloop.api.memory.CompactionStrategy;
import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.ContentBlock;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.ReasoningBlock;
import io.agentloop.api.message.SystemMessage;
import io.agentloop.api.message.TextBlock;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.model.ChatModel;
import io.agentloop.api.model.ChatOptions;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.model.ContextLengthExceededException;
import io.agentloop.api.model.ModelStream;
import io.agentloop.api.model.StreamEvent;
import io.agentloop.api.model.ToolChoice;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Compaction in three steps, stopping as soon as the conversation fits its targets:
 * <ol>
 *   <li>old tool outputs are pruned (replaced by a note of their size): they are usually the bulk
 *       and the least needed later;</li>
 *   <li>what {@link Retention} keeps within half the targets stays whole (the pinned task, the
 *       latest turn, turns with a tool's error, then the recent turns), and the other turns are
 *       written by the run's model into one note, a system message after the original system
 *       messages: a summary (seed 000's strategy 2), or with {@link KeyInformationCompaction} a
 *       structured note of the key information (strategy 3); the note of an earlier compaction is
 *       folded into the new one, so there is only ever one;</li>
 *   <li>without a model, those turns are dropped.</li>
 * </ol>
 * The system messages and the latest turn always stay, and a tool call is never separated from its
 * result (whole turns are kept or summarised). The summary request itself is kept under
 * {@code maxRequestTokens} (the oldest parts of the transcript give way first), so compaction never
 * fails for being too long itself; should the model still refuse it as too long for its context,
 * the older turns are dropped as if there were no model (truncation) and a warning says so, rather
 * than the run failing in the step meant to rescue it.
 */
public final class SummaryCompaction implements CompactionStrategy {
    private static final Logger log = LoggerFactory.getLogger(SummaryCompaction.class);
    static final String SUMMARY_HEADING = "Summary of the earlier conversation:";
    /** The headings of the notes every kind of this compaction writes: any of them is folded into the next. */
    static final List<String> HEADINGS = List.of(SUMMARY_HEADING, KeyInformationCompaction.HEADING);
    static final String INSTRUCTIONS = "You summarise the earlier part of a conversation between a user and an "
            + "AI agent that uses tools, so the agent can go on without it. Keep: the user's goals and constraints, "
            + "decisions made, facts found (file names, values, errors), what was done and what is left to do. Be "
            + "concise; write plain sentences or a short list. Do not call tools.";
    private static final int KEEP_WHOLE_OUTPUTS = 2;
    private static final int PRUNE_ABOVE_CHARS = 200;
    private static final int MAX_LINE_CHARS = 2000;

    private final long maxRequestTokens;
    private final String name;
    private final String heading;
    private final String instructions;
    private final String ask;

    /** The built-in: summary requests of at most 8,000 estimated tokens (or the target, if larger). */
    public SummaryCompaction() {
        this(8_000);
    }

    public SummaryCompaction(long maxRequestTokens) {
        this("summary", SUMMARY_HEADING, INSTRUCTIONS, "Summarise this conversation:", maxRequestTokens);
    }

    /**
     * @param heading      the first line of the note, by which a later compaction finds it
     * @param instructions the system prompt of the request that writes the note
     * @param ask          the line before the transcript in that request
     */
    SummaryCompaction(String name, String heading, String instructions, String ask, long maxRequestTokens) {
        if (maxRequestTokens < 200) {
            throw new IllegalArgumentException("maxRequestTokens must be at least 200, was " + maxRequestTokens);
        }
        this.name = name;
        this.heading = heading;
        this.instructions = instructions;
        this.ask = ask;
        this.maxRequestTokens = maxRequestTokens;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public List<Message> compact(CompactionRequest request) {
        List<Message> pruned = pruneOldToolOutputs(request.messages());
        if (fits(request, pruned)) {
            return pruned;
        }
        TurnGroups turns = TurnGroups.of(pruned);
        SortedSet<Integer> kept = new Retention(turns, request).keepWithin(request.targetMessages() / 2,
                request.targetTokens() / 2);
        if (kept.size() == turns.groups().size()) {
            return pruned;
        }
        List<Message> older = new ArrayList<>();
        for (int i = 0; i < turns.groups().size(); i++) {
            if (!kept.contains(i)) {
                older.addAll(turns.groups().get(i));
            }
        }
        // an earlier compaction's summary is folded into the new one, so there is only ever one
        List<SystemMessage> previous = turns.system().stream().filter(SummaryCompaction::isSummary)
                .map(SystemMessage.class::cast).toList();
        List<Message> out = new ArrayList<>(turns.system());
        out.removeAll(previous);
        String summary = "";
        if (request.model().isPresent()) {
            try {
                summary = summarise(request.model().get(), previous, older, request);
            } catch (ContextLengthExceededException e) {
                log.warn("Compaction: the model refused the summary request as too long for its context ({}); "
                        + "dropped the {} oldest messages instead of summarising them", e.getMessage(), older.size());
            }
        }
        if (!summary.isBlank()) {
            out.add(new SystemMessage(heading + "\n" + summary.strip()));
        } else {
            out.addAll(previous); // what was summarised before is not lost with the turns dropped now
        }
        kept.forEach(i -> out.addAll(turns.groups().get(i)));
        return out;
    }

    /** Whether a message is the note (a summary, key information) an earlier compaction wrote. */
    static boolean isSummary(Message message) {
        return message instanceof SystemMessage system && HEADINGS.stream().anyMatch(system.text()::startsWith);
    }

    private static String body(SystemMessage note) {
        String text = note.text();
        for (String heading : HEADINGS) {
            if (text.startsWith(heading)) {
                return text.substring(heading.length()).strip();
            }
        }
        return text;
    }

    /**
     * The request the model is asked to summarise with: the summaries of earlier compactions to fold
     * in, then the older turns, whose oldest lines give way until it fits (the earlier summaries
     * never do: they are the only record of what they summarised).
     */
    ChatRequest summaryRequest(List<SystemMessage> previous, List<Message> older, CompactionRequest request) {
        String earlier = previous.stream().map(SummaryCompaction::body)
                .reduce((a, b) -> a + "\n" + b).map(text -> "The summary so far, to fold into yours:\n" + text
                        + "\n\nWhat happened after it:\n").orElse("");
        List<String> lines = new ArrayList<>(transcript(older));
        long limit = Math.max(maxRequestTokens, request.targetTokens());
        boolean cut = false;
        while (true) {
            String text = (cut ? "[the oldest part is left out]\n" : "") + String.join("\n", lines);
            List<Message> messages = List.of(new SystemMessage(instructions),
                    UserMessage.of(ask + "\n\n" + earlier + text));
            if (request.estimator().estimate(messages) <= limit || lines.isEmpty()) {
                return new ChatRequest(messages, List.of(), ChatOptions.DEFAULTS.withToolChoice(ToolChoice.NONE));
            }
            cut = true;
            if (lines.size() > 1) {
                lines.removeFirst();
            } else {
                String only = lines.removeFirst();
                if (only.length() > 1) {
                    lines.add(only.substring(only.length() / 2)); // the newest half of a very long line
                }
            }
        }
    }

    private String summarise(ChatModel model, List<SystemMessage> previous, List<Message> older,
                             CompactionRequest request) {
        StringBuilder text = new StringBuilder();
        try (ModelStream stream = model.stream(summaryRequest(previous, older, request), CancellationSignal.never())) {
            StreamEvent event;
            do {
                event = stream.next();
                if (event instanceof StreamEvent.TextDelta delta) {
                    text.append(delta.text());
                }
            } while (!(event instanceof StreamEvent.Finish));
        }
        return text.toString();
    }

    private static List<String> transcript(List<Message> messages) {
        List<String> lines = new ArrayList<>();
        for (Message message : messages) {
            switch (message) {
                case SystemMessage m -> lines.add(line("system", m.text()));
                case UserMessage m -> lines.add(line("user", m.text()));
                case AssistantMessage m -> {
                    for (ContentBlock block : m.content()) {
                        switch (block) {
                            case TextBlock t -> lines.add(line("assistant", t.text()));
                            case ToolCall c -> lines.add(line("assistant called " + c.name(), c.arguments()));
                            case ReasoningBlock r -> {
                                // private reasoning is not part of what was said or done
                            }
                            case ToolResultBlock r -> {
                                // never in an assistant message
                            }
                        }
                    }
                }
                case ToolMessage m -> m.results().forEach(r -> lines.add(line((r.error() ? "error from " : "result of ")
                        + r.toolName(), r.content())));
            }
        }
        return lines;
    }

    private static String line(String who, String text) {
        String one = text.length() > MAX_LINE_CHARS ? text.substring(0, MAX_LINE_CHARS) + " [...]" : text;
        return who + ": " + one;
    }

    /** Tool outputs longer than a short note, in all but the last few tool messages, become that note. */
    static List<Message> pruneOldToolOutputs(List<Message> messages) {
        int toolMessages = 0;
        for (Message message : messages) {
            if (message instanceof ToolMessage) {
                toolMessages++;
            }
        }
        List<Message> out = new ArrayList<>(messages.size());
        int seen = 0;
        for (Message message : messages) {
            if (message instanceof ToolMessage tool && seen++ < toolMessages - KEEP_WHOLE_OUTPUTS) {
                List<ToolResultBlock> results = new ArrayList<>();
                for (ToolResultBlock result : tool.results()) {
                    results.add(result.content().length() <= PRUNE_ABOVE_CHARS ? result
                            : new ToolResultBlock(result.toolCallId(), result.toolName(), "[output pruned: "
                                    + result.content().length() + " characters]", result.error()));
                }
                out.add(new ToolMessage(results));
            } else {
                out.add(message);
            }
        }
        return out;
    }

    private static boolean fits(CompactionRequest request, List<Message> messages) {
        return (request.targetMessages() == 0 || messages.size() <= request.targetMessages())
                && (request.targetTokens() == 0 || request.estimator().estimate(messages) <= request.targetTokens());
    }
}
