package io.agentloop.launcher;

import io.agentloop.api.tool.Tool;
import io.agentloop.tools.meta.MetaTool;
import io.agentloop.tools.meta.ToolGroups;
import io.agentloop.tools.shell.PythonTool;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Adjusts the tools the launcher offers to what the machine can run. */
final class OfferedTools {
    private OfferedTools() {
    }

    /**
     * Takes the {@code python} tool out of {@code tools} when the workspace's commands have no
     * {@code python3} on their {@code PATH} (a tool the model is offered but that cannot run would
     * waste its turns), and says so: the notice, once per run, or nothing when it stays.
     */
    static Optional<String> withoutMissingPython(List<Tool> tools, Map<String, String> environment) {
        if (tools.stream().noneMatch(t -> t.spec().name().equals(PythonTool.NAME))
                || PythonTool.interpreter(environment).isPresent()) {
            return Optional.empty();
        }
        tools.removeIf(t -> t.spec().name().equals(PythonTool.NAME));
        return Optional.of("the python tool is not offered: there is no python3 on the PATH the workspace gives its "
                + "commands. Install Python 3 or put its folder on PATH to have it, or list python in "
                + "tools.disabled to silence this.");
    }

    /**
     * With {@code tools.meta}, adds the meta tool over the groups of {@code tools} (the agent's, after
     * {@code tools.disabled}) and returns the groups, the hook that keeps switched-off groups out of
     * the requests.
     */
    static Optional<ToolGroups> withMetaTool(List<Tool> tools, boolean meta) {
        if (!meta) {
            return Optional.empty();
        }
        ToolGroups groups = ToolGroups.of(tools.stream().map(t -> t.spec().name()).toList());
        tools.add(new MetaTool(groups));
        return Optional.of(groups);
    }
}
