package io.agentloop.launcher;

import io.agentloop.api.memory.LongTermMemory;
import io.agentloop.api.memory.MemoryEntry;
import io.agentloop.api.memory.Provenance;
import io.agentloop.core.text.TerminalText;
import io.agentloop.hooks.memory.FileLongTermMemory;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code agentloop memory [list | add TEXT | search QUERY | forget ID]}: the long-term memory runs
 * recall from when {@code memory.enabled} is true. Each note is shown with its provenance: a person's,
 * or a run's (which run, which session, when, and whether outside content was in its context).
 */
final class MemoryCommand extends LauncherCommand {
    /** What each action asks of the store, for the line that says it could not. */
    private static final Map<String, String> VERBS = Map.of("list", "list its notes", "add", "remember the note",
            "search", "search its notes", "forget", "forget the note");

    String action = "list";
    List<String> words = List.of();
    List<String> keywords = List.of();

    @Override
    CommandSpec spec() {
        CommandSpec spec = describe("memory", "Long-term memory: list, add TEXT, search QUERY or forget ID. Runs "
                + "recall the most relevant notes when memory.enabled is true.");
        spec.addPositional(Cli.word(0, "ACTION", "list", "list (default), add, search or forget.", () -> action,
                v -> action = v));
        spec.addPositional(Cli.words(1, "TEXT", "The note, the query or the id.", () -> words, v -> words = v));
        spec.addOption(Cli.commaList("WORD", "add: words that help find the note.", () -> keywords,
                v -> keywords = v, "--keywords"));
        return spec;
    }

    @Override
    public Integer call() {
        PrintWriter out = out();
        PrintWriter err = err();
        LauncherConfig config = config();
        try (Platform platform = platform(config)) {
            LongTermMemory memory = LauncherHooks.memory(config, platform.extensions().longTermMemories());
            try {
                return act(memory, out, err);
            } catch (ConfigLoader.ConfigurationException e) {
                throw e;
            } catch (RuntimeException e) {
                // a store is a plugin's code: its failure is one line naming it, not a stack trace
                err.println("agentloop memory: the store '" + memory.name() + "' (memory.store) could not "
                        + VERBS.getOrDefault(action, "do that") + ": " + LauncherHooks.defaultRedactor()
                        .apply(String.valueOf(e.getMessage() == null ? e : e.getMessage())));
                err.flush();
                return Launcher.NO_ANSWER;
            }
        }
    }

    private int act(LongTermMemory memory, PrintWriter out, PrintWriter err) {
        String text = String.join(" ", words).strip();
        if (!action.equals("list") && text.isEmpty()) {
            err.println("agentloop memory " + action + ": say what, for example: agentloop memory add \"The staging "
                    + "database listens on port 5433\" --keywords staging,database");
            return Launcher.USAGE;
        }
        switch (action) {
            case "list" -> {
                if (!(memory instanceof FileLongTermMemory file)) {
                    err.println("agentloop memory: the store '" + memory.name() + "' cannot list its notes; search "
                            + "them: agentloop memory search WORDS");
                    return Launcher.USAGE;
                }
                List<MemoryEntry> entries = file.entries();
                if (entries.isEmpty()) {
                    out.println("No notes yet: add one with agentloop memory add \"...\"");
                }
                entries.forEach(entry -> print(out, entry));
            }
            case "add" -> {
                byte[] random = new byte[4];
                ThreadLocalRandom.current().nextBytes(random);
                String id = "m-" + HexFormat.of().formatHex(random);
                Set<String> words = new LinkedHashSet<>();
                keywords.forEach(k -> words.add(k.strip()));
                memory.remember(new MemoryEntry(id, text, words, Instant.now(), Optional.of(Provenance.ofPerson())));
                out.println("Remembered " + id + ".");
            }
            case "search" -> memory.recall(text, 5).forEach(entry -> print(out, entry));
            case "forget" -> {
                if (!memory.forget(text)) {
                    throw new ConfigLoader.ConfigurationException("there is no note '" + text + "': list them with "
                            + "'agentloop memory'");
                }
                out.println("Forgot " + text + ".");
            }
            default -> {
                err.println("agentloop memory: unknown action '" + action + "': use list, add, search or forget");
                return Launcher.USAGE;
            }
        }
        out.flush();
        return Launcher.ANSWERED;
    }

    private static void print(PrintWriter out, MemoryEntry entry) {
        // a note may be a model's words: shown, never obeyed
        out.println(entry.id() + "  " + TerminalText.printable(entry.text() + (entry.keywords().isEmpty() ? ""
                : "  [" + String.join(", ", entry.keywords().stream().sorted().toList()) + "]")));
        out.println("    " + TerminalText.printable(provenance(entry)));
    }

    /** Where a note came from, in one line: who, which run and session, when, and what outside content. */
    static String provenance(MemoryEntry entry) {
        if (entry.provenance().isEmpty()) {
            return "saved " + entry.created() + ", provenance unknown (an older note, or a store that keeps none): "
                    + "untrusted";
        }
        Provenance from = entry.provenance().get();
        return switch (from.author()) {
            case PERSON -> "added by a person " + entry.created() + ": trusted";
            case RUN -> "saved " + entry.created() + " from run " + from.runId().orElse("?")
                    + from.sessionId().map(s -> " of session " + s).orElse("") + (from.trusted()
                    ? ", no outside content in its context: trusted"
                    : ", outside content in its context (" + String.join(", ", from.outside().stream().sorted()
                    .toList()) + "): untrusted");
        };
    }
}
