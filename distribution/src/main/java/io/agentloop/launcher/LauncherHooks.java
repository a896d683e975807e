package io.agentloop.launcher;

import io.agentloop.api.event.AgentListener;
import io.agentloop.api.hook.Hook;
import io.agentloop.api.memory.LongTermMemory;
import io.agentloop.api.message.Usage;
import io.agentloop.api.tool.Tool;
import io.agentloop.core.registry.Registry;
import io.agentloop.core.secret.SecretRedactor;
import io.agentloop.core.session.FileSessionStore;
import io.agentloop.hooks.guard.ToolCallLimit;
import io.agentloop.hooks.memory.FileLongTermMemory;
import io.agentloop.hooks.memory.MemoryAutoSave;
import io.agentloop.hooks.memory.MemoryRecall;
import io.agentloop.hooks.trace.TraceWriter;
import io.agentloop.hooks.usage.Budget;
import io.agentloop.hooks.usage.PriceTable;
import io.agentloop.hooks.usage.UsageMeter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The built-in hooks the launcher wires from its configuration: the usage meter with prices
 * ({@code pricing}) and budgets ({@code budget.*}), the redactor every output and session goes
 * through, and, when configured, the trace file ({@code trace.file}), long-term memory recall
 * ({@code memory.enabled}, {@code memory.recall}) and saving ({@code memory.auto-save}, and
 * {@code memory.auto-save-untrusted} for runs whose context held outside content, judged by each
 * tool's {@link Tool#bringsOutsideText()}) with the store {@code memory.store} names, and the tool
 * call limit ({@code guard.max-tool-calls}).
 */
record LauncherHooks(UsageMeter meter, SecretRedactor redactor, Optional<TraceWriter> trace,
                     Optional<MemoryRecall> recall, Optional<MemoryAutoSave> autoSave, Optional<ToolCallLimit> limit)
        implements AutoCloseable {

    /**
     * Masks key shapes and the values of this process's credential variables. Made once: a process's
     * environment does not change, and a server masks every event of every run.
     */
    static SecretRedactor defaultRedactor() {
        return ProcessRedactor.INSTANCE;
    }

    /** Holds the redactor until it is first needed. */
    private static final class ProcessRedactor {
        static final SecretRedactor INSTANCE = SecretRedactor.of(System.getenv());
    }

    /**
     * The configured {@code pricing} lines over the built-in prices; a line that is not one is a
     * configuration error.
     */
    static PriceTable prices(LauncherConfig config) {
        try {
            return PriceTable.parse(config.list("pricing")).withBuiltIns();
        } catch (IllegalArgumentException e) {
            throw new ConfigLoader.ConfigurationException("pricing: " + e.getMessage());
        }
    }

    /**
     * For an agent with {@code tools} whose runs belong to session {@code sessionId}: a note names the
     * session, and a tool none of {@code tools} names (a sub-agent, a skill) counts as bringing
     * outside text.
     */
    static LauncherHooks of(LauncherConfig config, Registry<LongTermMemory> stores, String provider, String model,
                            Usage usedBefore, List<Tool> tools, Optional<String> sessionId) {
        PriceTable prices = prices(config);
        Budget budget = Budget.NONE;
        Optional<Long> runTokens = whole(config, "budget.run-tokens");
        Optional<Long> sessionTokens = whole(config, "budget.session-tokens");
        Optional<Double> runCost = amount(config, "budget.run-cost");
        Optional<Double> sessionCost = amount(config, "budget.session-cost");
        budget = runTokens.isPresent() ? budget.withRunTokens(runTokens.get()) : budget;
        budget = sessionTokens.isPresent() ? budget.withTotalTokens(sessionTokens.get()) : budget;
        budget = runCost.isPresent() ? budget.withRunCost(runCost.get()) : budget;
        budget = sessionCost.isPresent() ? budget.withTotalCost(sessionCost.get()) : budget;
        UsageMeter meter = new UsageMeter(provider, model, prices, budget).carryOver(usedBefore);
        if ((runCost.isPresent() || sessionCost.isPresent()) && !meter.priced()) {
            throw new ConfigLoader.ConfigurationException("a cost budget is set but " + provider + "/" + model
                    + " has no price: add a line to pricing, for example '" + provider + "/" + model
                    + " input=0.40 output=1.60' (per million tokens)");
        }
        SecretRedactor redactor = defaultRedactor();
        Optional<TraceWriter> trace = config.get("trace.file").map(file -> TraceWriter.toFile(Path.of(file), redactor));
        boolean recalls = Boolean.parseBoolean(config.get("memory.enabled").orElse("false"));
        boolean saves = Boolean.parseBoolean(config.get("memory.auto-save").orElse("false"));
        Optional<LongTermMemory> memory = recalls || saves ? Optional.of(memory(config, stores)) : Optional.empty();
        Optional<MemoryRecall> recall = memory.filter(m -> recalls)
                .map(m -> new MemoryRecall(m, whole(config, "memory.recall").orElse(3L).intValue()));
        boolean savesUntrusted = Boolean.parseBoolean(config.get("memory.auto-save-untrusted").orElse("false"));
        Optional<MemoryAutoSave> autoSave = memory.filter(m -> saves).map(m -> {
            MemoryAutoSave save = new MemoryAutoSave(m, redactor, Clock.systemUTC()).judgingToolsBy(name -> tools
                    .stream().filter(t -> t.spec().name().equals(name)).findFirst().map(Tool::bringsOutsideText)
                    .orElse(true));
            save = savesUntrusted ? save.savingUntrusted() : save;
            return sessionId.map(save::inSession).orElse(save);
        });
        Optional<ToolCallLimit> limit = whole(config, "guard.max-tool-calls")
                .map(max -> new ToolCallLimit(max.intValue(), Map.of()));
        return new LauncherHooks(meter, redactor, trace, recall, autoSave, limit);
    }

    /**
     * The long-term memory {@code memory.store} names: the built-in {@code file} (the default) or a
     * plugin's.
     */
    static LongTermMemory memory(LauncherConfig config, Registry<LongTermMemory> stores) {
        String name = config.get("memory.store").map(String::strip).orElse(FileLongTermMemory.NAME);
        return name.equals(FileLongTermMemory.NAME) ? fileMemory(config)
                : AgentSetup.chosen(stores, config, "memory.store", "long-term memory", name,
                        List.of(FileLongTermMemory.NAME));
    }

    /** The long-term memory file ({@code memory.file}, default beside the sessions). */
    private static FileLongTermMemory fileMemory(LauncherConfig config) {
        Path file = config.get("memory.file").map(Path::of).orElseGet(() -> config.get("sessions.folder").map(Path::of)
                .orElseGet(FileSessionStore::defaultFolder).resolveSibling("memory.jsonl"));
        return new FileLongTermMemory(file, whole(config, "memory.max-entries").orElse(1000L).intValue(),
                Clock.systemUTC());
    }

    List<Hook> hooks() {
        List<Hook> hooks = new ArrayList<>(List.of(meter));
        recall.ifPresent(hooks::add);
        autoSave.ifPresent(hooks::add);
        limit.ifPresent(hooks::add);
        return hooks;
    }

    List<AgentListener> listeners() {
        List<AgentListener> listeners = new ArrayList<>(List.of(meter));
        trace.ifPresent(listeners::add);
        return listeners;
    }

    @Override
    public void close() {
        trace.ifPresent(TraceWriter::close);
    }

    private static Optional<Long> whole(LauncherConfig config, String key) {
        return config.get(key).map(text -> {
            try {
                long value = Long.parseLong(text.strip());
                if (value >= 1) {
                    return value;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw new ConfigLoader.ConfigurationException(key + " must be a whole number of at least 1, not '" + text
                    + "'");
        });
    }

    private static Optional<Double> amount(LauncherConfig config, String key) {
        return config.get(key).map(text -> {
            try {
                double value = Double.parseDouble(text.strip());
                if (value > 0) {
                    return value;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw new ConfigLoader.ConfigurationException(key + " must be a positive amount, not '" + text + "'");
        });
    }
}
