package io.agentloop.providers;

import io.agentloop.api.message.StopReason;
import io.agentloop.api.message.Usage;
import io.agentloop.api.model.ModelStream;
import io.agentloop.api.model.StreamEvent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** What a model stream produced, joined up, for assertions. */
public record Collected(List<StreamEvent> events, String text, String reasoning, List<String> signatures,
                        List<String> redacted, List<Call> calls, Usage usage, StopReason stopReason) {

    /** One tool call: its id, name, joined arguments, and signature. */
    public record Call(String id, String name, String arguments, Optional<String> signature) {
    }

    /** Reads the stream to its Finish event. */
    public static Collected from(ModelStream stream) {
        List<StreamEvent> events = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        StringBuilder reasoning = new StringBuilder();
        List<String> signatures = new ArrayList<>();
        List<String> redacted = new ArrayList<>();
        Map<Integer, StreamEvent.ToolCallStart> starts = new LinkedHashMap<>();
        Map<Integer, StringBuilder> arguments = new LinkedHashMap<>();
        Usage usage = Usage.ZERO;
        try (stream) {
            while (true) {
                StreamEvent event = stream.next();
                events.add(event);
                switch (event) {
                    case StreamEvent.TextDelta d -> text.append(d.text());
                    case StreamEvent.ReasoningDelta d -> reasoning.append(d.text());
                    case StreamEvent.ReasoningSignature s -> signatures.add(s.signature());
                    case StreamEvent.RedactedReasoning r -> redacted.add(r.data());
                    case StreamEvent.ToolCallStart s -> {
                        starts.put(s.index(), s);
                        arguments.put(s.index(), new StringBuilder());
                    }
                    case StreamEvent.ToolCallArgumentsDelta d -> arguments.get(d.index()).append(d.fragment());
                    case StreamEvent.UsageReport u -> usage = u.usage();
                    case StreamEvent.Finish f -> {
                        List<Call> calls = new ArrayList<>();
                        starts.forEach((index, s) -> calls.add(new Call(s.id(), s.name(),
                                arguments.get(index).toString(), s.signature())));
                        return new Collected(events, text.toString(), reasoning.toString(), signatures, redacted,
                                calls, usage, f.stopReason());
                    }
                }
            }
        }
    }
}
