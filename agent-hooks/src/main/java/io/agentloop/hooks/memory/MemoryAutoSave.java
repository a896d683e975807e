package io.agentloop.hooks.memory;

import io.agentloop.api.hook.HookContext;
import io.agentloop.api.hook.PostReplyHook;
import io.agentloop.api.memory.LongTermMemory;
import io.agentloop.api.memory.MemoryEntry;
import io.agentloop.api.memory.Provenance;
import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import java.time.Clock;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * After a run that answered, saves what it learned to long-term memory: one note per run, the task
 * (the last user message) and the answer, each shortened ({@value #MAX_TASK} and
 * {@value #MAX_ANSWER} characters), with the task's longer words as keywords, under the id
 * {@code run-<run id>}, with its {@link Provenance}: the run, its session, and the outside content
 * in its context. Task and answer go through {@code redact} before they are shortened, so a secret
 * in either is never written, not even the part of one the limit leaves. Runs that failed, were
 * stopped or hit a limit save nothing.
 *
 * <p>A run whose context held text from outside the conversation (a result of a tool that
 * {@linkplain #judgingToolsBy brings outside text}, by default every tool, in this run or an
 * earlier turn of its conversation, or an untrusted note {@link MemoryRecall} handed it) saves
 * nothing unless {@link #savingUntrusted()}: its answer may repeat instructions planted in a file or
 * a page, and a note would carry them into every later run. A store that fails is logged; the
 * run's result is handed over unchanged either way.
 */
public final class MemoryAutoSave implements PostReplyHook {
    static final int MAX_TASK = 300;
    static final int MAX_ANSWER = 1000;
    private static final int MAX_KEYWORDS = 8;
    private static final Logger log = LoggerFactory.getLogger(MemoryAutoSave.class);

    private final LongTermMemory memory;
    private final UnaryOperator<String> redact;
    private final Clock clock;
    private final Predicate<String> bringsOutsideText;
    private final boolean savesUntrusted;
    private final Optional<String> sessionId;

    /** Counts every tool's results as outside text, saves no untrusted run, and names no session. */
    public MemoryAutoSave(LongTermMemory memory, UnaryOperator<String> redact, Clock clock) {
        this(memory, redact, clock, tool -> true, false, Optional.empty());
    }

    private MemoryAutoSave(LongTermMemory memory, UnaryOperator<String> redact, Clock clock,
                           Predicate<String> bringsOutsideText, boolean savesUntrusted, Optional<String> sessionId) {
        this.memory = memory;
        this.redact = redact;
        this.clock = clock;
        this.bringsOutsideText = bringsOutsideText;
        this.savesUntrusted = savesUntrusted;
        this.sessionId = sessionId;
    }

    /**
     * The same, judging by tool name whether a tool's results bring outside text (a registry's
     * {@link io.agentloop.api.tool.Tool#bringsOutsideText()}, true for a name it does not know).
     */
    public MemoryAutoSave judgingToolsBy(Predicate<String> bringsOutsideText) {
        return new MemoryAutoSave(memory, redact, clock, bringsOutsideText, savesUntrusted, sessionId);
    }

    /** The same, saving runs with outside content in their context too (their notes marked untrusted). */
    public MemoryAutoSave savingUntrusted() {
        return new MemoryAutoSave(memory, redact, clock, bringsOutsideText, true, sessionId);
    }

    /** The same, naming {@code id} as the session of every run it saves. */
    public MemoryAutoSave inSession(String id) {
        return new MemoryAutoSave(memory, redact, clock, bringsOutsideText, savesUntrusted, Optional.of(id));
    }

    @Override
    public RunResult afterReply(RunResult result, HookContext context) {
        if (result.state() != AgentState.COMPLETED || !result.reason().equals(Optional.of(TerminalReason.ANSWERED))
                || result.text().isBlank()) {
            return result;
        }
        Set<String> outside = outside(result, context);
        if (!outside.isEmpty() && !savesUntrusted) {
            log.info("the answer of run {} was not saved to long-term memory: text from outside the conversation "
                    + "was in its context ({}); set memory.auto-save-untrusted to save such runs as untrusted notes",
                    result.runId(), String.join(", ", outside));
            return result;
        }
        String task = "";
        for (Message message : result.messages()) {
            if (message instanceof UserMessage user) {
                task = user.text();
            }
        }
        // masked whole, then shortened: a secret the limit cuts through would not be recognised
        String text = "Asked: " + shorten(redact.apply(task.strip()), MAX_TASK) + "\nAnswered: "
                + shorten(redact.apply(result.text().strip()), MAX_ANSWER);
        try {
            memory.remember(new MemoryEntry("run-" + result.runId(), text, keywords(redact.apply(task)),
                    clock.instant(), Optional.of(Provenance.ofRun(result.runId(), sessionId, outside))));
        } catch (RuntimeException e) {
            log.warn("the answer of run {} could not be saved to long-term memory ({}): {}", result.runId(),
                    memory.name(), e.toString());
        }
        return result;
    }

    /** The tools in the conversation whose results bring outside text, and recalled untrusted notes. */
    private Set<String> outside(RunResult result, HookContext context) {
        Set<String> outside = new TreeSet<>();
        for (Message message : result.messages()) {
            if (message instanceof AssistantMessage answer) {
                for (ToolCall call : answer.toolCalls()) {
                    if (bringsOutsideText.test(call.name())) {
                        outside.add(call.name());
                    }
                }
            }
        }
        if (context.attributes().containsKey(MemoryRecall.RECALLED_UNTRUSTED)) {
            outside.add(Provenance.RECALLED);
        }
        return outside;
    }

    /** The task's distinct words of four letters or more, lower case, in order, at most eight. */
    static Set<String> keywords(String task) {
        Set<String> words = new LinkedHashSet<>();
        for (String word : task.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
            if (word.length() >= 4 && words.size() < MAX_KEYWORDS) {
                words.add(word);
            }
        }
        return words;
    }

    private static String shorten(String text, int max) {
        return text.length() <= max ? text : text.substring(0, max - 3) + "...";
    }

    /** Not in a sub-agent's run: a note is the user's task and its answer, not a sub-agent's errand. */
    @Override
    public boolean appliesToSubAgents() {
        return false;
    }
}
