package io.agentloop.launcher;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.event.AgentListener;
import io.agentloop.api.message.Usage;
import io.agentloop.core.event.EventJson;
import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.PendingCall;
import io.agentloop.api.run.PlanStep;
import io.agentloop.api.run.RunResult;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code --json}: one JSON object per event and per line, for scripts. Every object has a
 * {@code type} (snake_case event name); the other fields are listed in docs/launcher.md.
 */
final class JsonEventWriter implements AgentListener {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private final PrintWriter out;
    private final UnaryOperator<String> redact;
    private Function<Usage, Optional<String>> cost = usage -> Optional.empty();

    JsonEventWriter(PrintWriter out, UnaryOperator<String> redact) {
        this.out = out;
        this.redact = redact;
    }

    /** How to price a run's tokens for {@code run_completed}. */
    void costs(Function<Usage, Optional<String>> pricing) {
        this.cost = pricing;
    }

    /** The agent whose run the events are of, named on every line. */
    private volatile String agent = "agent";

    @Override
    public void onEvent(AgentEvent event) {
        if (event instanceof AgentEvent.RunStarted started) {
            agent = started.agent();
        }
        ObjectNode line = describe(event);
        line.put("agent", agent);
        synchronized (out) {
            out.println(redact.apply(JSON.writeValueAsString(line)));
            out.flush();
        }
    }

    /** One event as a JSON object, with the cost of a finished run. */
    private ObjectNode describe(AgentEvent event) {
        ObjectNode line = EventJson.describe(event);
        if (event instanceof AgentEvent.RunCompleted e) {
            cost.apply(e.result().usage()).ifPresent(c -> line.put("cost", c));
        }
        return line;
    }

    /** The session the run is saved in: printed before the run's events. */
    void session(String id, boolean resumed, int historyMessages) {
        ObjectNode line = JSON.createObjectNode().put("type", "session").put("id", id).put("resumed", resumed)
                .put("history_messages", historyMessages);
        synchronized (out) {
            out.println(JSON.writeValueAsString(line));
            out.flush();
        }
    }

}
