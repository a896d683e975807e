package io.agentloop.launcher;

import io.agentloop.api.tool.ToolSpec;
import io.agentloop.core.permission.PermissionMode;
import java.nio.file.Path;
import java.util.List;

/** The system prompt the launcher writes for an agent from what it is offered, where it works and its mode. */
final class DefaultPrompt {
    private DefaultPrompt() {
    }

    /**
     * The system prompt when {@code run.system} gives none: where the agent works, the tools it has
     * (name and the first sentence of each description) and what the permission mode lets it do.
     */
    static String of(List<ToolSpec> tools, Path workspace, PermissionMode mode) {
        StringBuilder text = new StringBuilder("You are an agent working in the folder ").append(workspace)
                .append("; relative paths are relative to it. Act through your tools rather than guessing, check "
                        + "what you changed, and say what you did.\n\nYour tools:");
        for (ToolSpec tool : tools) {
            text.append("\n- ").append(tool.name()).append(": ").append(FirstSentence.of(tool.description()));
        }
        text.append("\n\nPermission mode ").append(mode).append(": ").append(mode.summary()).append(". A call that is "
                + "refused says why: do not try it again; say what you would have done instead.");
        return text.toString();
    }
}
