package io.agentloop.launcher;

import io.agentloop.api.memory.MemoryEntry;
import io.agentloop.hooks.memory.FileLongTermMemory;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code agentloop memory [list | add TEXT | search QUERY | forget ID]}: the long-term memory runs
 * recall from when {@code memory.enabled} is true.
 */
@Command(name = "memory", addMethodSubcommands = false,
        description = "Long-term memory: list, add TEXT, search QUERY or forget ID. Runs recall "
        + "the most relevant notes when memory.enabled is true.")
final class MemoryCommand extends LauncherCommand {
    @Parameters(index = "0", arity = "0..1", paramLabel = "ACTION", defaultValue = "list",
            description = "list (default), add, search or forget.")
    String action;

    @Parameters(index = "1..*", arity = "0..*", paramLabel = "TEXT", description = "The note, the query or the id.")
    List<String> words = List.of();

    @Option(names = "--keywords", split = ",", paramLabel = "WORD", description = "add: words that help find the note.")
    List<String> keywords = List.of();

    @Override
    public Integer call() {
        PrintWriter out = out();
        PrintWriter err = err();
        LauncherConfig config = config();
        FileLongTermMemory memory = LauncherHooks.memory(config);
        String text = String.join(" ", words).strip();
        if (!action.equals("list") && text.isEmpty()) {
            err.println("agentloop memory " + action + ": say what, for example: agentloop memory add \"The staging "
                    + "database listens on port 5433\" --keywords staging,database");
            return Launcher.USAGE;
        }
        switch (action) {
            case "list" -> {
                List<MemoryEntry> entries = memory.entries();
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
                memory.remember(new MemoryEntry(id, text, words, Instant.now()));
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
        out.println(entry.id() + "  " + entry.text() + (entry.keywords().isEmpty() ? ""
                : "  [" + String.join(", ", entry.keywords()) + "]"));
    }
}
