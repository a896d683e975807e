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
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Compaction in three steps, stopping as soon as the conversation fits its targets:
 * <ol>
 *   <li>old tool outputs are pruned (replaced by a note of their size): they are usually the bulk
 *       and the least needed later;</li>
 *   <li>the recent turns that fit half the target are kept whole, and the older turns are
 *       summarised by the run's model into one system message after the original system
 *       messages; the summary of an earlier compaction is folded into the new one, so there is
 *       only ever one;</li>
 *   <li>without a model, the older turns are dropped.</li>
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
    static final String INSTRUCTIONS = "You summarise the earlier part of a conversation between a user and an "
            + "AI agent that uses tools, so the agent can go on without it. Keep: the user's goals and constraints, "
            + "decisions made, facts found (file names, values, errors), what was done and what is left to do. Be "
            + "concise; write plain sentences or a short list. Do not call tools.";
    private static final int KEEP_WHOLE_OUTPUTS = 2;
    private static final int PRUNE_ABOVE_CHARS = 200;
    private static final int MAX_LINE_CHARS = 2000;

    private final long maxRequestTokens;

    /** The built-in: summary requests of at most 8,000 estimated tokens (or the target, if larger). */
    public SummaryCompaction() {
        this(8_000);
    }

    public SummaryCompaction(long maxRequestTokens) {
        if (maxRequestTokens < 200) {
            throw new IllegalArgumentException("maxRequestTokens must be at least 200, was " + maxRequestTokens);
        }
        this.maxRequestTokens = maxRequestTokens;
    }

    @Override
    public String name() {
        return "summary";
    }

    @Override
    public List<Message> compact(CompactionRequest request) {
        List<Message> pruned = pruneOldToolOutputs(request.messages());
        if (fits(request, pruned)) {
            return pruned;
        }
        TurnGroups turns = TurnGroups.of(pruned);
        int firstKept = firstRecentGroup(request, turns);
        if (firstKept == 0) {
            return pruned;
        }
        List<Message> older = new ArrayList<>();
        turns.groups().subList(0, firstKept).forEach(older::addAll);
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
            out.add(new SystemMessage(SUMMARY_HEADING + "\n" + summary.strip()));
        } else {
            out.addAll(previous); // what was summarised before is not lost with the turns dropped now
        }
        for (int i = firstKept; i < turns.groups().size(); i++) {
            out.addAll(turns.groups().get(i));
        }
        return out;
    }

    /** Whether a message is the summary an earlier compaction wrote. */
    static boolean isSummary(Message message) {
        return message instanceof SystemMessage system && system.text().startsWith(SUMMARY_HEADING);
    }

    /**
     * The request the model is asked to summarise with: the summaries of earlier compactions to fold
     * in, then the older turns, whose oldest lines give way until it fits (the earlier summaries
     * never do: they are the only record of what they summarised).
     */
    ChatRequest summaryRequest(List<SystemMessage> previous, List<Message> older, CompactionRequest request) {
        String earlier = previous.stream().map(m -> m.text().substring(SUMMARY_HEADING.length()).strip())
                .reduce((a, b) -> a + "\n" + b).map(text -> "The summary so far, to fold into yours:\n" + text
                        + "\n\nWhat happened after it:\n").orElse("");
        List<String> lines = new ArrayList<>(transcript(older));
        long limit = Math.max(maxRequestTokens, request.targetTokens());
        boolean cut = false;
        while (true) {
            String text = (cut ? "[the oldest part is left out]\n" : "") + String.join("\n", lines);
            List<Message> messages = List.of(new SystemMessage(INSTRUCTIONS),
                    UserMessage.of("Summarise this conversation:\n\n" + earlier + text));
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

    /** The first of the newest groups that fit half the targets (the latest group always). */
    private static int firstRecentGroup(CompactionRequest request, TurnGroups turns) {
        long tokenBudget = request.targetTokens() / 2;
        int messageBudget = request.targetMessages() / 2;
        long tokens = 0;
        int count = 0;
        int first = turns.groups().size();
        while (first > 0) {
            List<Message> group = turns.groups().get(first - 1);
            long nextTokens = tokens + request.estimator().estimate(group);
            int nextCount = count + group.size();
            boolean fits = (tokenBudget == 0 || nextTokens <= tokenBudget)
                    && (messageBudget == 0 || nextCount <= messageBudget);
            if (!fits && first < turns.groups().size()) {
                break;
            }
            tokens = nextTokens;
            count = nextCount;
            first--;
        }
        return first;
    }
}
