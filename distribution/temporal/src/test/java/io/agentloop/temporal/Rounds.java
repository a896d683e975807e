package io.agentloop.temporal;

import io.agentloop.api.message.Message;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.message.Usage;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.testkit.ScriptedChatModel;
import io.agentloop.testkit.ScriptedChatModel.Step;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A model that answers from the conversation alone, so any worker, in any process, after any
 * restart, answers the same: the task {@code rounds:N tool:NAME} has it call NAME N times, one call
 * per turn with {@code {"n": k}} for the k-th, then answer {@code done after N rounds: <last result>}.
 */
final class Rounds {
    static final Usage USAGE = new Usage(10, 5, 0, 0);
    private static final Pattern TASK = Pattern.compile("rounds:(\\d+) tool:([a-z_]+)");

    private Rounds() {
    }

    static ScriptedChatModel model() {
        return ScriptedChatModel.dynamic(Rounds::next);
    }

    static String task(int rounds, String tool) {
        return "rounds:" + rounds + " tool:" + tool;
    }

    private static Step next(ChatRequest request) {
        String task = "";
        int results = 0;
        String last = "";
        for (Message message : request.messages()) {
            if (message instanceof UserMessage user) {
                task = user.text();
            } else if (message instanceof ToolMessage tool) {
                results++;
                last = tool.results().getLast().content();
            }
        }
        Matcher matcher = TASK.matcher(task);
        if (!matcher.find()) {
            return Step.answer(USAGE, "no task I know: " + task);
        }
        int rounds = Integer.parseInt(matcher.group(1));
        if (results < rounds) {
            int n = results + 1;
            return Step.toolCalls(USAGE, List.of(ToolCall.of("call-" + n, matcher.group(2), "{\"n\":" + n + "}")));
        }
        return Step.answer(USAGE, "done after " + rounds + " rounds: " + last);
    }
}
