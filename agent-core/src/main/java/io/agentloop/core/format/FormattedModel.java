package io.agentloop.core.format;

import io.agentloop.api.CancellationSignal;
import io.agentloop.api.format.Formatter;
import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.TextBlock;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.Usage;
import io.agentloop.api.model.CallAttempt;
import io.agentloop.api.model.ChatModel;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.model.ModelStream;
import io.agentloop.api.model.StreamEvent;
import io.agentloop.core.registry.PluginCode;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Optional;

/**
 * A chat model seen through a {@link Formatter}: each request is formatted before the model gets
 * it, and each answer's text is held until the answer ends, then parsed, and reported as the
 * parsed text and calls. Reasoning and usage pass as they come. A formatter that leaves the
 * answer to the provider ({@link OpenAiChatFormatter}) only formats: its answers stream unchanged.
 */
public final class FormattedModel implements ChatModel {
    private final ChatModel model;
    private final Formatter formatter;
    private final boolean parses;

    private FormattedModel(ChatModel model, Formatter formatter) {
        this.model = model;
        this.formatter = formatter;
        this.parses = !(formatter instanceof OpenAiChatFormatter);
    }

    /** {@code model} through {@code formatter}; the model itself when the formatter is {@code native}. */
    public static ChatModel of(ChatModel model, Formatter formatter) {
        return formatter instanceof NativeFormatter ? model : new FormattedModel(model, formatter);
    }

    @Override
    public String name() {
        return model.name();
    }

    @Override
    public Optional<String> provider() {
        return model.provider();
    }

    @Override
    public ModelStream stream(ChatRequest request, CancellationSignal cancellation) {
        ChatRequest formatted = PluginCode.call(formatter, () -> formatter.format(request));
        return parsed(PluginCode.call(model, () -> model.stream(formatted, cancellation)));
    }

    @Override
    public ModelStream stream(ChatRequest request, CancellationSignal cancellation, CallAttempt attempt) {
        ChatRequest formatted = PluginCode.call(formatter, () -> formatter.format(request));
        return parsed(PluginCode.call(model, () -> model.stream(formatted, cancellation, attempt)));
    }

    private ModelStream parsed(ModelStream stream) {
        return parses ? new Parsing(stream) : stream;
    }

    @Override
    public String toString() {
        return model + " (" + formatter.id() + " formatter)";
    }

    /** Holds the text back and, at the end, reports what the formatter read from it. */
    private final class Parsing implements ModelStream {
        private final ModelStream inner;
        private final StringBuilder text = new StringBuilder();
        private final ArrayDeque<StreamEvent> parsed = new ArrayDeque<>();

        Parsing(ModelStream inner) {
            this.inner = inner;
        }

        @Override
        public StreamEvent next() {
            while (parsed.isEmpty()) {
                StreamEvent event = PluginCode.call(inner, inner::next);
                switch (event) {
                    case StreamEvent.TextDelta delta -> text.append(delta.text());
                    case StreamEvent.Finish finish -> finish(finish);
                    default -> {
                        return event;
                    }
                }
            }
            return parsed.poll();
        }

        private void finish(StreamEvent.Finish finish) {
            AssistantMessage raw = new AssistantMessage(List.of(new TextBlock(text.toString())), Usage.ZERO,
                    finish.stopReason());
            AssistantMessage answer = PluginCode.call(formatter, () -> formatter.parse(raw));
            if (!answer.text().isEmpty()) {
                parsed.add(new StreamEvent.TextDelta(answer.text()));
            }
            List<ToolCall> calls = answer.toolCalls();
            for (int i = 0; i < calls.size(); i++) {
                ToolCall call = calls.get(i);
                parsed.add(new StreamEvent.ToolCallStart(i, call.id(), call.name(), Optional.empty()));
                parsed.add(new StreamEvent.ToolCallArgumentsDelta(i, call.arguments()));
            }
            parsed.add(new StreamEvent.Finish(answer.stopReason()));
        }

        @Override
        public void close() {
            inner.close();
        }
    }
}
