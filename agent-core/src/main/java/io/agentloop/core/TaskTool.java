package io.agentloop.core;

import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code task}: hands a task to a sub-agent of one of the agent's profiles and returns its answer
 * (see {@link SubAgentRunner} for the rules). The tool itself changes nothing: every call the
 * sub-agent makes goes through the same permission rules, so it counts as read-only.
 */
final class TaskTool implements Tool {
    static final String NAME = "task";

    private final Map<String, SubAgentProfile> profiles = new LinkedHashMap<>();
    private final SubAgentRunner runner;
    private final ToolSpec spec;

    TaskTool(List<SubAgentProfile> profiles, SubAgentRunner runner) {
        profiles.forEach(p -> this.profiles.put(p.name(), p));
        this.runner = runner;
        StringBuilder description = new StringBuilder("Hands a task to a sub-agent and returns its answer. Give it "
                + "everything it needs to know: it sees only the task. Several calls in one turn run in parallel. "
                + "Sub-agents:");
        profiles.forEach(p -> description.append("\n- ").append(p.name()).append(": ").append(p.description()));
        this.spec = ToolSpec.builder(NAME).description(description.toString())
                .parameter("agent", Map.of("type", "string", "enum", List.copyOf(this.profiles.keySet()),
                        "description", "which sub-agent"), true)
                .stringParameter("task", "the task, complete and self-contained", true).build();
    }

    @Override
    public ToolSpec spec() {
        return spec;
    }

    @Override
    public boolean readOnly() {
        return true;
    }

    @Override
    public ToolResult execute(ToolArguments arguments, ToolContext context) {
        return runner.run(profiles.get(arguments.requireString("agent")), arguments.requireString("task"), context);
    }
}
