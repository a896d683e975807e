package io.agentloop.providers.http;

import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.ContentBlock;
import io.agentloop.api.message.ReasoningBlock;
import io.agentloop.api.message.TextBlock;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.model.ModelStream;
import io.agentloop.api.model.StreamEvent;
import java.util.ArrayList;
import java.util.List;

/**
 * A complete (non-streaming) response replayed as stream events, so both modes reach the loop the
 * same way: one delta per block, then usage and Finish.
 */
public final class EventList implements ModelStream {
    private final List<StreamEvent> events;
    private int position;

    private EventList(List<StreamEvent> events) {
        this.events = events;
    }

    public static EventList of(AssistantMessage message) {
        List<StreamEvent> events = new ArrayList<>();
        int calls = 0;
        for (ContentBlock block : message.content()) {
            switch (block) {
                case TextBlock t -> events.add(new StreamEvent.TextDelta(t.text()));
                case ReasoningBlock r when r.redacted() ->
                        events.add(new StreamEvent.RedactedReasoning(r.redactedData().orElseThrow()));
                case ReasoningBlock r -> {
                    events.add(new StreamEvent.ReasoningDelta(r.text()));
                    r.signature().ifPresent(s -> events.add(new StreamEvent.ReasoningSignature(s)));
                }
                case ToolCall c -> {
                    int index = calls++;
                    events.add(new StreamEvent.ToolCallStart(index, c.id(), c.name(), c.signature()));
                    events.add(new StreamEvent.ToolCallArgumentsDelta(index, c.arguments()));
                }
                case ToolResultBlock r -> throw new IllegalArgumentException("a response cannot hold tool results");
            }
        }
        events.add(new StreamEvent.UsageReport(message.usage()));
        events.add(new StreamEvent.Finish(message.stopReason()));
        return new EventList(events);
    }

    @Override
    public StreamEvent next() {
        return events.get(position++);
    }

    @Override
    public void close() {
        position = events.size();
    }
}
