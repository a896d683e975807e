package io.agentloop.core;

import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;

/**
 * An agent given to another as a tool of its own: named and described as its profile, taking the
 * task as its one argument, run as a sub-agent under the same rules as {@code task}'s
 * ({@link SubAgentRunner}). Read-only for the same reason: the sub-agent's own calls are checked.
 */
final class AgentTool implements Tool {
    private final SubAgentProfile profile;
    private final SubAgentRunner runner;
    private final ToolSpec spec;

    AgentTool(SubAgentProfile profile, SubAgentRunner runner) {
        this.profile = profile;
        this.runner = runner;
        this.spec = ToolSpec.builder(profile.name()).description(profile.description() + " (an agent: give it "
                + "everything it needs to know, it sees only the task)")
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
        return runner.run(profile, arguments.requireString("task"), context);
    }
}
