package io.agentloop.core;

import io.agentloop.api.model.ChatModel;
import io.agentloop.api.run.RunOptions;
import io.agentloop.api.tool.Tool;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A kind of sub-agent an agent may hand tasks to with its {@code task} tool: a name, what it is
 * for (the parent model reads this to choose), its own system prompt and tools, and optionally its
 * own model and limits (else the parent's). Whatever it is given, a sub-agent runs under its
 * parent's permission rules, approver and workspace.
 *
 * <p>Its tools are exactly {@code tools}: it is offered its parent's sub-agents ({@code task} and
 * the agents given as tools) only when {@link #withDelegation()} says it may hand tasks on, and
 * then only within the parent's depth limit.
 *
 * <pre>{@code
 * SubAgentProfile reviewer = SubAgentProfile.of("reviewer", "Reviews a change and lists its problems.",
 *         "You review code changes. List problems only.", List.of(new ReadTool(), new GrepTool()));
 * Agent agent = Agent.builder().model(model).subAgents(reviewer).build();
 * }</pre>
 */
public record SubAgentProfile(String name, String description, String systemPrompt, List<Tool> tools,
                              Optional<ChatModel> model, Optional<RunOptions> options, boolean delegates) {
    public SubAgentProfile {
        Objects.requireNonNull(name, "name");
        if (!name.matches("[A-Za-z0-9_-]{1,64}")) {
            throw new IllegalArgumentException("a sub-agent's name is 1 to 64 letters, digits, '_' or '-', not '"
                    + name + "'");
        }
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(systemPrompt, "systemPrompt");
        tools = List.copyOf(tools);
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(options, "options");
    }

    /** A profile with the parent's model and limits. */
    public static SubAgentProfile of(String name, String description, String systemPrompt, List<Tool> tools) {
        return new SubAgentProfile(name, description, systemPrompt, tools, Optional.empty(), Optional.empty(), false);
    }

    public SubAgentProfile withModel(ChatModel value) {
        return new SubAgentProfile(name, description, systemPrompt, tools, Optional.of(value), options, delegates);
    }

    public SubAgentProfile withOptions(RunOptions value) {
        return new SubAgentProfile(name, description, systemPrompt, tools, model, Optional.of(value), delegates);
    }

    /**
     * The same profile, whose sub-agent may hand tasks on to its parent's sub-agents (each level
     * counts towards the depth limit). Without this it has no {@code task} tool.
     */
    public SubAgentProfile withDelegation() {
        return new SubAgentProfile(name, description, systemPrompt, tools, model, options, true);
    }
}
