package io.agentloop.core.tool;

import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.ObjectMapper;

/**
 * The tools one agent offers, by name, each with its compiled argument schema. Built once per
 * agent and shared by its runs.
 *
 * <p>Schemas compile on a background thread, started when the set is built: the first model
 * request does not need them and need not wait for the validator to start up (a few hundred
 * milliseconds on a cold JVM). The first call of a tool waits for its schema. A schema that is not
 * valid JSON Schema is logged then and makes every call of that tool fail with a message for its
 * author; {@link #awaitSchemas()} reports it eagerly.
 */
public final class ToolSet {
    private static final Logger log = LoggerFactory.getLogger(ToolSet.class);

    private final Map<String, Entry> byName;
    private final List<ToolSpec> specs;

    /** One tool and what the platform derived from its spec. */
    public static final class Entry {
        private final Tool tool;
        private final ToolSpec spec;
        private final CompletableFuture<ArgumentParser> parser;

        Entry(Tool tool, ToolSpec spec, CompletableFuture<ArgumentParser> parser) {
            this.tool = tool;
            this.spec = spec;
            this.parser = parser;
        }

        public Tool tool() {
            return tool;
        }

        public ToolSpec spec() {
            return spec;
        }

        /** The compiled argument schema, waiting for it if it is still compiling. */
        public ArgumentParser arguments() {
            try {
                return parser.join();
            } catch (CompletionException e) {
                throw e.getCause() instanceof RuntimeException r ? r : e;
            }
        }

        /** The failure to report for every call when the schema is not valid. */
        ToolResult.Failure schemaProblem(IllegalArgumentException e) {
            return new ToolResult.Failure(ToolResult.Failure.TOOL_BROKEN, e.getMessage()
                    + " (a bug in the tool, not in the call: it cannot be used until its author fixes the schema)");
        }
    }

    /**
     * @throws IllegalArgumentException when two tools share a name
     */
    private final Supplier<ObjectMapper> json;

    public ToolSet(List<? extends Tool> tools, Supplier<ObjectMapper> json) {
        Map<String, Entry> entries = new LinkedHashMap<>();
        List<ToolSpec> allSpecs = new ArrayList<>(tools.size());
        List<ToolSpec> toCompile = new ArrayList<>(tools.size());
        for (Tool tool : tools) {
            ToolSpec spec = tool.spec();
            if (entries.containsKey(spec.name())) {
                throw new IllegalArgumentException("two tools are named '" + spec.name() + "' ("
                        + entries.get(spec.name()).tool().getClass().getName() + " and " + tool.getClass().getName()
                        + "); tool names must be unique");
            }
            entries.put(spec.name(), new Entry(tool, spec, new CompletableFuture<>()));
            allSpecs.add(spec);
            toCompile.add(spec);
        }
        this.byName = Map.copyOf(entries);
        this.specs = List.copyOf(allSpecs);
        this.json = json;
        if (!toCompile.isEmpty()) {
            Thread.ofVirtual().name("agentloop-schemas").start(() -> compileAll(toCompile, json));
        }
    }

    private void compileAll(List<ToolSpec> toCompile, Supplier<ObjectMapper> json) {
        ObjectMapper mapper;
        try {
            mapper = json.get();
        } catch (RuntimeException | Error e) {
            toCompile.forEach(spec -> byName.get(spec.name()).parser.completeExceptionally(e));
            return;
        }
        for (ToolSpec spec : toCompile) {
            CompletableFuture<ArgumentParser> parser = byName.get(spec.name()).parser;
            try {
                parser.complete(ArgumentParser.compile(spec, mapper));
            } catch (RuntimeException | Error e) {
                log.error("{}", e.getMessage());
                parser.completeExceptionally(e);
            }
        }
    }

    /**
     * These tools and {@code more} after them, compiled with {@code json} (an agent's tools made for
     * one use, such as a planner's planning tool).
     *
     * @throws IllegalArgumentException when a tool of {@code more} has the name of one of these
     */
    public ToolSet plus(List<? extends Tool> more, Supplier<ObjectMapper> mapper) {
        List<Tool> all = new ArrayList<>(specs.size() + more.size());
        specs.forEach(spec -> all.add(byName.get(spec.name()).tool()));
        all.addAll(more);
        return new ToolSet(all, mapper);
    }

    public static ToolSet empty() {
        return new ToolSet(List.of(), () -> {
            throw new IllegalStateException("an empty tool set compiles nothing");
        });
    }

    /**
     * Waits until every schema is compiled.
     *
     * @throws IllegalArgumentException naming the first tool whose schema is not valid JSON Schema
     */
    public ToolSet awaitSchemas() {
        byName.values().forEach(Entry::arguments);
        return this;
    }

    /** The tool named {@code name}, or null. */
    public Entry get(String name) {
        return byName.get(name);
    }

    /** The specs, in the order the tools were given. */
    public List<ToolSpec> specs() {
        return specs;
    }

    public boolean isEmpty() {
        return specs.isEmpty();
    }

    /**
     * A call's arguments as values, not checked against a schema (for hooks).
     *
     * @throws IllegalArgumentException when the text is not a JSON object
     */
    public ToolArguments arguments(String text) {
        return ArgumentParser.values(text, json.get());
    }

    /** Arguments given as plain values (a tool calling a tool), as JSON text. */
    String toJson(Map<String, Object> arguments) {
        return json.get().writeValueAsString(arguments);
    }

    /** The names, in order, for error messages. */
    public String names() {
        List<String> names = new ArrayList<>(specs.size());
        specs.forEach(s -> names.add(s.name()));
        return String.join(", ", names);
    }
}
