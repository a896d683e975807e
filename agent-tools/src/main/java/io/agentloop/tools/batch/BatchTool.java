package io.agentloop.tools.batch;

import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Future;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * {@code batch}: several tool calls in one, started together on virtual threads. Each call goes
 * through the platform exactly like a call by the model (validation, permissions, hooks), and tools
 * that change things still run one at a time. The batch itself touches nothing, so it is read-only;
 * it is not concurrency-safe, so it never runs beside other calls of the same turn.
 */
public final class BatchTool implements Tool {
    static final int MAX_CALLS = 25;

    private static final ToolSpec SPEC = ToolSpec.builder("batch")
            .description("Run several independent tool calls at once (for example reading five files) and get all "
                    + "their results together. Each entry names a tool and its arguments. Calls that depend on each "
                    + "other's results do not belong in one batch.")
            .parameter("calls", Map.of("type", "array", "minItems", 1, "maxItems", MAX_CALLS,
                    "items", Map.of("type", "object",
                            "properties", Map.of("tool", Map.of("type", "string", "description", "the tool's name"),
                                    "arguments", Map.of("type", "object", "description", "the tool's arguments")),
                            "required", List.of("tool", "arguments"))), true)
            .build();

    @Override
    public ToolSpec spec() {
        return SPEC;
    }

    @Override
    public boolean readOnly() {
        return true;
    }

    @Override
    public boolean concurrencySafe() {
        return false;
    }

    @Override
    @SuppressWarnings("unchecked")
    public ToolResult execute(ToolArguments arguments, ToolContext context) throws InterruptedException {
        List<Map<String, Object>> calls = (List<Map<String, Object>>) arguments.list("calls").orElseThrow();
        for (Map<String, Object> call : calls) {
            if ("batch".equals(call.get("tool"))) {
                return ToolResult.failure(ToolResult.Failure.INVALID_ARGUMENTS, "a batch cannot contain a batch; "
                        + "put all the calls in one");
            }
        }
        List<Future<ToolResult>> running = new ArrayList<>(calls.size());
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (Map<String, Object> call : calls) {
                String tool = (String) call.get("tool");
                Map<String, Object> callArguments = (Map<String, Object>) call.get("arguments");
                running.add(threads.submit(() -> context.callTool(tool, callArguments)));
            }
            StringBuilder out = new StringBuilder();
            List<Map<String, Object>> results = new ArrayList<>();
            int failed = 0;
            for (int i = 0; i < calls.size(); i++) {
                ToolResult result = outcome(running.get(i));
                String tool = (String) calls.get(i).get("tool");
                failed += result.isError() ? 1 : 0;
                out.append("[").append(i + 1).append("] ").append(tool).append(result.isError() ? " (failed)" : "")
                        .append('\n').append(result.content().stripTrailing()).append("\n\n");
                Map<String, Object> entry = new LinkedHashMap<>();
                entry.put("tool", tool);
                entry.put("ok", !result.isError());
                entry.put("content", result.content());
                results.add(entry);
            }
            out.append(calls.size() - failed).append(" of ").append(calls.size()).append(" calls succeeded");
            return new ToolResult.Success(out.toString(), Map.of("results", results));
        }
    }

    private static ToolResult outcome(Future<ToolResult> future) throws InterruptedException {
        try {
            return future.get();
        } catch (ExecutionException e) {
            return ToolResult.failure(ToolResult.Failure.EXECUTION_FAILED, String.valueOf(e.getCause()));
        }
    }
}
