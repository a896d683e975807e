package io.agentloop.core.tool;

import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.ObjectMapper;

/**
 * The tools one agent offers, by name, each with its compiled argument schema. Built once per
 * agent (schemas are compiled here, not per call) and shared by its runs.
 */
public final class ToolSet {
    private final Map<String, Entry> byName;
    private final List<ToolSpec> specs;

    /** One tool and what the platform derived from its spec. */
    public record Entry(Tool tool, ToolSpec spec, ArgumentParser arguments) {
    }

    /**
     * @throws IllegalArgumentException when two tools share a name or a schema is not valid
     */
    public ToolSet(List<? extends Tool> tools, ObjectMapper json) {
        Map<String, Entry> entries = new LinkedHashMap<>();
        List<ToolSpec> allSpecs = new ArrayList<>(tools.size());
        for (Tool tool : tools) {
            ToolSpec spec = tool.spec();
            if (entries.containsKey(spec.name())) {
                throw new IllegalArgumentException("two tools are named '" + spec.name() + "' ("
                        + entries.get(spec.name()).tool().getClass().getName() + " and " + tool.getClass().getName()
                        + "); tool names must be unique");
            }
            entries.put(spec.name(), new Entry(tool, spec, ArgumentParser.compile(spec, json)));
            allSpecs.add(spec);
        }
        this.byName = Map.copyOf(entries);
        this.specs = List.copyOf(allSpecs);
    }

    public static ToolSet empty(ObjectMapper json) {
        return new ToolSet(List.of(), json);
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

    /** The names, in order, for error messages. */
    public String names() {
        List<String> names = new ArrayList<>(specs.size());
        specs.forEach(s -> names.add(s.name()));
        return String.join(", ", names);
    }
}
