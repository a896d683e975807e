package io.agentloop.core.plan;

import io.agentloop.api.message.Message;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.Usage;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.testkit.ScriptedChatModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A planner model that plays the planner's part through the planning tool: it creates the given
 * plan, after each round marks every step that ended completed and every step that failed blocked
 * (and updates the plan with the steps given for that failure), answers one line after each of its
 * tool calls, and answers {@code summary} when asked for the answer.
 */
final class ScriptedPlanner {
    private static final Pattern ROUND_STEP = Pattern.compile("\\n\\[([^\\]]+)] (ended|failed): ");
    private static final AtomicInteger CALLS = new AtomicInteger();

    private ScriptedPlanner() {
    }

    /**
     * @param plan     the {@code steps} JSON array of the plan
     * @param replans  for a step that fails: the {@code steps} JSON array to update the plan with
     * @param summary  the answer
     */
    static ScriptedChatModel of(String plan, Map<String, String> replans, String summary) {
        Map<String, Boolean> replanned = new ConcurrentHashMap<>();
        return ScriptedChatModel.dynamic(request -> {
            Message last = request.messages().getLast();
            if (last instanceof ToolMessage) {
                return ScriptedChatModel.Step.answer(Usage.ZERO, "Noted.");
            }
            String prompt = text(request);
            if (prompt.startsWith("Make a plan")) {
                return calls(call("{\"command\":\"create\",\"steps\":" + plan + "}"));
            }
            if (prompt.startsWith("A round")) {
                List<ToolCall> calls = new ArrayList<>();
                Matcher step = ROUND_STEP.matcher(prompt);
                while (step.find()) {
                    boolean ok = step.group(2).equals("ended");
                    calls.add(call("{\"command\":\"mark_step\",\"step_id\":\"" + step.group(1)
                            + "\",\"step_status\":\"" + (ok ? "completed" : "blocked") + "\"}"));
                    String again = replans.get(step.group(1));
                    if (!ok && again != null && replanned.putIfAbsent(step.group(1), true) == null) {
                        calls.add(call("{\"command\":\"update\",\"steps\":" + again + "}"));
                    }
                }
                return calls(calls.toArray(ToolCall[]::new));
            }
            return ScriptedChatModel.Step.answer(Usage.ZERO, summary);
        });
    }

    static String text(ChatRequest request) {
        return request.messages().getLast() instanceof UserMessage user ? user.content().getFirst().text() : "";
    }

    private static ToolCall call(String arguments) {
        return ToolCall.of("plan_" + CALLS.incrementAndGet(), PlanningTool.NAME, arguments);
    }

    private static ScriptedChatModel.Step calls(ToolCall... calls) {
        return ScriptedChatModel.Step.toolCalls(Usage.ZERO, List.of(calls));
    }
}
