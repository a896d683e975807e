package io.agentloop.core;

import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * A tool that hands a task to a sub-agent and returns its answer (see {@link SubAgentRunner} for
 * the rules): {@code task}, which names one of several profiles, or an agent given as a tool of its
 * own, named and described as its profile. The tool itself changes nothing: every call the
 * sub-agent makes goes through the same permission rules, so it counts as read-only.
 */
final class SubAgentTool implements Tool {
    static final String TASK = "task";
    private static final String WHOLE = "the task, complete and self-contained";

    private final ToolSpec spec;
    private final Function<ToolArguments, SubAgentProfile> profile;
    private final List<SubAgentProfile> profiles;
    private final SubAgentRunner runner;

    private SubAgentTool(ToolSpec spec, Function<ToolArguments, SubAgentProfile> profile, List<SubAgentProfile> profiles,
                         SubAgentRunner runner) {
        this.spec = spec;
        this.profile = profile;
        this.profiles = List.copyOf(profiles);
        this.runner = runner;
    }

    /** {@code task(agent, task)}: any of these profiles, chosen by name. */
    static SubAgentTool task(List<SubAgentProfile> profiles, SubAgentRunner runner) {
        Map<String, SubAgentProfile> byName = new LinkedHashMap<>();
        profiles.forEach(p -> byName.put(p.name(), p));
        StringBuilder description = new StringBuilder("Hands a task to a sub-agent and returns its answer. Give it "
                + "everything it needs to know: it sees only the task. Several calls in one turn run in parallel. "
                + "Sub-agents:");
        profiles.forEach(p -> description.append("\n- ").append(p.name()).append(": ").append(p.description()));
        ToolSpec spec = ToolSpec.builder(TASK).description(description.toString())
                .parameter("agent", Map.of("type", "string", "enum", List.copyOf(byName.keySet()),
                        "description", "which sub-agent"), true)
                .stringParameter("task", WHOLE, true).build();
        return new SubAgentTool(spec, arguments -> byName.get(arguments.requireString("agent")), profiles, runner);
    }

    /** {@code <profile name>(task)}: one agent as a tool of its own. */
    static SubAgentTool of(SubAgentProfile profile, SubAgentRunner runner) {
        ToolSpec spec = ToolSpec.builder(profile.name()).description(profile.description() + " (an agent: give it "
                + "everything it needs to know, it sees only the task)").stringParameter("task", WHOLE, true).build();
        return new SubAgentTool(spec, arguments -> profile, List.of(profile), runner);
    }

    @Override
    public ToolSpec spec() {
        return spec;
    }

    @Override
    public boolean readOnly() {
        return true;
    }

    /** A sub-agent asked the same task again may well find something else: it always runs. */
    @Override
    public boolean cachesResults() {
        return false;
    }

    /** The profile a call with these arguments hands its task to; null when they name none. */
    SubAgentProfile profile(ToolArguments arguments) {
        return profile.apply(arguments);
    }

    /** The profile of this name, when this tool hands tasks to it. */
    Optional<SubAgentProfile> profileNamed(String name) {
        return profiles.stream().filter(p -> p.name().equals(name)).findFirst();
    }

    SubAgentRunner runner() {
        return runner;
    }

    @Override
    public ToolResult execute(ToolArguments arguments, ToolContext context) {
        return runner.run(profile.apply(arguments), arguments.requireString("task"), context);
    }
}
