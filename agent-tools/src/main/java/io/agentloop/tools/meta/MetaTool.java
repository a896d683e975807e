package io.agentloop.tools.meta;

import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code tool_groups}, the meta tool ({@code tools.meta: true}): the agent lists its tool groups and
 * switches groups on or off for the rest of its run, to keep its requests to the tools the task
 * needs. Only the agent's own tools are in the groups (see {@link ToolGroups}), so it can never give
 * itself a tool its configuration or permissions left out. The next model request offers only the
 * tools of the groups that are on.
 */
public final class MetaTool implements Tool {
    public static final String NAME = "tool_groups";

    private static final ToolSpec SPEC = ToolSpec.builder(NAME)
            .description("List your tool groups and whether each is on, or switch groups on or off for the rest of "
                    + "this run: a group that is off is not offered until you switch it on again. Call with no "
                    + "arguments to list.")
            .parameter("enable", Map.of("type", "array", "items", Map.of("type", "string"),
                    "description", "groups to switch on"), false)
            .parameter("disable", Map.of("type", "array", "items", Map.of("type", "string"),
                    "description", "groups to switch off"), false)
            .build();

    private final ToolGroups groups;

    public MetaTool(ToolGroups groups) {
        this.groups = groups;
    }

    @Override
    public ToolSpec spec() {
        return SPEC;
    }

    /** It changes nothing outside the run, so it needs no approval. */
    @Override
    public boolean readOnly() {
        return true;
    }

    /** Switches apply in call order. */
    @Override
    public boolean concurrencySafe() {
        return false;
    }

    @Override
    public boolean bringsOutsideText() {
        return false;
    }

    @Override
    public ToolResult execute(ToolArguments arguments, ToolContext context) {
        List<String> enable = names(arguments, "enable");
        List<String> disable = names(arguments, "disable");
        List<String> unknown = new ArrayList<>();
        enable.stream().filter(g -> !groups.groups().containsKey(g)).forEach(unknown::add);
        disable.stream().filter(g -> !groups.groups().containsKey(g)).forEach(unknown::add);
        if (!unknown.isEmpty()) {
            return ToolResult.failure(ToolResult.Failure.INVALID_ARGUMENTS, "no tool group " + String.join(", ", unknown)
                    + "; the groups are " + String.join(", ", groups.groups().keySet()));
        }
        enable.forEach(g -> groups.set(context.runId(), g, true));
        disable.forEach(g -> groups.set(context.runId(), g, false));
        StringBuilder text = new StringBuilder("Tool groups (tools outside them are always offered):");
        Map<String, Object> data = new LinkedHashMap<>();
        groups.groups().forEach((group, tools) -> {
            boolean on = groups.isOn(context.runId(), group);
            data.put(group, on);
            text.append("\n- ").append(group).append(on ? " (on): " : " (off): ").append(String.join(", ", tools));
        });
        return new ToolResult.Success(text.toString(), data);
    }

    private static List<String> names(ToolArguments arguments, String key) {
        return arguments.list(key).orElse(List.of()).stream().map(String::valueOf).map(String::strip).toList();
    }
}
