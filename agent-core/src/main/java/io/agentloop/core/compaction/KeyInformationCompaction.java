package io.agentloop.core.compaction;

import io.agentloop.api.memory.CompactionRequest;
import io.agentloop.api.memory.CompactionStrategy;
import io.agentloop.api.message.Message;
import java.util.List;

/**
 * Key-information extraction (seed 000's strategy 3): the run's model writes what the older turns
 * established into a structured note, under fixed headings (facts, decisions, files, open
 * questions, errors), and the note replaces those turns. Where a summary retells, this keeps what
 * the agent will look things up by: exact paths, values and error texts. Everything else works as
 * {@link SummaryCompaction}: old tool outputs pruned first, {@link Retention}'s turns kept whole, the
 * previous note folded in, the older turns dropped when there is no model or it refuses.
 */
public final class KeyInformationCompaction implements CompactionStrategy {
    static final String HEADING = "Key information from the earlier conversation:";
    static final String INSTRUCTIONS = "You extract the key information from the earlier part of a conversation "
            + "between a user and an AI agent that uses tools, so the agent can go on without it. Write exactly these "
            + "five sections, each a short list of one-line items (\"- none\" when empty), and nothing else:\n"
            + "Facts: what was found to be true (values, names, versions, results).\n"
            + "Decisions: what was decided or done, and why.\n"
            + "Files: every file path read, created or changed, with what about it matters.\n"
            + "Open questions: what is still unknown or left to do.\n"
            + "Errors: every error met (the tool and its exact message) and whether it was resolved.\n"
            + "Copy paths, values and error texts exactly. Do not call tools.";

    private final SummaryCompaction writer;

    /** The built-in: requests of at most 8,000 estimated tokens (or the target, if larger). */
    public KeyInformationCompaction() {
        this(8_000);
    }

    public KeyInformationCompaction(long maxRequestTokens) {
        this.writer = new SummaryCompaction(name(), HEADING, INSTRUCTIONS,
                "Extract the key information of this conversation:", maxRequestTokens);
    }

    @Override
    public String name() {
        return "key-information";
    }

    @Override
    public List<Message> compact(CompactionRequest request) {
        return writer.compact(request);
    }
}
