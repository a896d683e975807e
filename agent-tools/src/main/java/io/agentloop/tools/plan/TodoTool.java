package io.agentloop.tools.plan;

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
 * {@code todo}: the model's plan as a checklist. Each call sends the whole list (so the tool keeps
 * no state between calls or runs); the result shows it back, and its data ({@code todos}: content
 * and status of each item) is what a user interface renders.
 */
public final class TodoTool implements Tool {
    private static final ToolSpec SPEC = ToolSpec.builder("todo")
            .description("Keep a checklist for multi-step work: send the complete list every time, with each item's "
                    + "status (pending, in_progress, completed). Keep exactly one item in_progress while working, "
                    + "and mark items completed as soon as they are done. The user sees the list.")
            .parameter("todos", Map.of("type", "array", "maxItems", 50, "items", Map.of("type", "object",
                    "properties", Map.of("content", Map.of("type", "string", "minLength", 1),
                            "status", Map.of("type", "string", "enum", List.of("pending", "in_progress", "completed"))),
                    "required", List.of("content", "status"))), true)
            .build();

    @Override
    public ToolSpec spec() {
        return SPEC;
    }

    @Override
    public boolean readOnly() {
        return true;
    }

    /** The list is the run's own state, kept by each call: every call runs. */
    @Override
    public boolean cachesResults() {
        return false;
    }

    /** No outside text: the list it shows is the one the model wrote. */
    @Override
    public boolean bringsOutsideText() {
        return false;
    }

    @Override
    @SuppressWarnings("unchecked")
    public ToolResult execute(ToolArguments arguments, ToolContext context) {
        List<Map<String, Object>> todos = (List<Map<String, Object>>) arguments.list("todos").orElseThrow();
        long inProgress = todos.stream().filter(t -> "in_progress".equals(t.get("status"))).count();
        if (inProgress > 1) {
            return ToolResult.failure(ToolResult.Failure.INVALID_ARGUMENTS, inProgress + " items are in_progress; "
                    + "keep one in progress at a time and the others pending");
        }
        StringBuilder out = new StringBuilder();
        List<Map<String, Object>> items = new ArrayList<>();
        int done = 0;
        for (Map<String, Object> todo : todos) {
            String status = (String) todo.get("status");
            String mark = switch (status) {
                case "completed" -> "[x]";
                case "in_progress" -> "[>]";
                default -> "[ ]";
            };
            done += status.equals("completed") ? 1 : 0;
            out.append(mark).append(' ').append(todo.get("content")).append('\n');
            Map<String, Object> item = new LinkedHashMap<>();
            item.put("content", todo.get("content"));
            item.put("status", status);
            items.add(item);
        }
        out.append(todos.isEmpty() ? "(the list is empty)" : "(" + done + " of " + todos.size() + " done)");
        return new ToolResult.Success(out.toString(), Map.of("todos", items));
    }
}
