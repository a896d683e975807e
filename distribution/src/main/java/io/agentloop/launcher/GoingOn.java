package io.agentloop.launcher;

import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.SystemMessage;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.run.CallDecision;
import io.agentloop.api.run.CallProgress;
import io.agentloop.api.run.OpenTurn;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code run --resume SESSION} (or {@code --continue}) with no task: going on from the session's
 * record where its last run stopped, paused for approval or killed part-way.
 */
final class GoingOn {
    private GoingOn() {
    }

    /**
     * Whether the record leaves something to do: a turn whose calls did not all finish, or a
     * conversation that ends before the model's answer (a model call that did not finish, or tool
     * results the model has not seen). A run that answered leaves nothing.
     */
    static boolean anything(List<Message> history, Optional<OpenTurn> openTurn) {
        if (openTurn.isPresent()) {
            return true;
        }
        return !history.isEmpty() && switch (history.getLast()) {
            case UserMessage user -> true;
            case ToolMessage results -> true;
            case AssistantMessage answer -> false;
            case SystemMessage prompt -> false;
        };
    }

    /** The line shown before going on: how far the open turn's calls got, or that the model is asked again. */
    static String line(String session, Optional<OpenTurn> openTurn) {
        String head = "[resume] session " + session + ": ";
        if (openTurn.isEmpty()) {
            return head + "going on from its last message: the model is asked again";
        }
        int done = 0;
        int approved = 0;
        int denied = 0;
        int waiting = 0;
        int interrupted = 0;
        int notStarted = 0;
        for (CallProgress call : openTurn.get().calls()) {
            switch (call.stage()) {
                case FINISHED -> done++;
                case STARTED -> interrupted++;
                case NOT_STARTED -> notStarted++;
                case PENDING -> {
                    if (call.decision().isEmpty()) {
                        waiting++;
                    } else if (call.decision().map(CallDecision::approved).orElseThrow()) {
                        approved++;
                    } else {
                        denied++;
                    }
                }
            }
        }
        List<String> parts = new ArrayList<>();
        count(parts, done, "done");
        count(parts, approved, "approved");
        count(parts, denied, "denied");
        count(parts, interrupted, "interrupted");
        count(parts, notStarted, "not started");
        count(parts, waiting, "still waiting for a decision");
        return head + String.join(", ", parts) + "; going on";
    }

    private static void count(List<String> parts, int n, String what) {
        if (n > 0) {
            // the first count names what is counted
            parts.add(n + (parts.isEmpty() ? n == 1 ? " call " : " calls " : " ") + what);
        }
    }
}
