package io.agentloop.core.plan;

import io.agentloop.api.permission.Access;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.ToolCallRecord;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.core.Agent;
import io.agentloop.core.tool.ToolSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The files a step's run created or changed: the paths its successful calls of tools that write
 * (a {@link Access.Write} among what the call touches) wrote, as the tool showed them (its result's
 * {@code path}) or as the call named them, in the order first written.
 */
final class ProducedFiles {
    private ProducedFiles() {
    }

    static List<String> of(Agent executor, RunResult result) {
        ToolSet tools = executor.settings().tools();
        Set<String> files = new LinkedHashSet<>();
        for (ToolCallRecord record : result.toolCalls()) {
            ToolSet.Entry entry = tools.get(record.call().name());
            if (entry == null || entry.tool().readOnly() || !(record.result() instanceof ToolResult.Success success)) {
                continue;
            }
            List<Access> accesses;
            try {
                accesses = entry.tool().accesses(tools.arguments(record.call().arguments()));
            } catch (RuntimeException e) {
                continue; // arguments the tool could not have run with: it wrote nothing
            }
            for (Access access : accesses) {
                if (access instanceof Access.Write write) {
                    Object shown = success.data().get("path");
                    files.add(shown instanceof String path ? path : write.value());
                }
            }
        }
        return List.copyOf(files);
    }
}
