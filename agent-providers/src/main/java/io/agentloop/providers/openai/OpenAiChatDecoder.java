package io.agentloop.providers.openai;

import io.agentloop.api.message.StopReason;
import io.agentloop.api.message.Usage;
import io.agentloop.api.model.StreamEvent;
import io.agentloop.providers.http.EventParser;
import io.agentloop.providers.http.HttpErrorMapper;
import io.agentloop.providers.http.JsonRead;
import io.agentloop.providers.http.SseEvent;
import io.agentloop.providers.http.StreamDecoder;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;

/**
 * Decodes a Chat Completions SSE stream: content and reasoning deltas, tool calls by index (the
 * first chunk of a call carries its id and name), the usage chunk that follows the finish reason,
 * then {@code [DONE]}. An {@code error} event or an {@code error} object inside a 200 stream is
 * an error. The response is complete once a finish reason arrived and the stream ended
 * ({@code [DONE]} or the end of the body).
 */
final class OpenAiChatDecoder implements StreamDecoder<SseEvent> {
    private final HttpErrorMapper errors;
    private final Set<Integer> startedCalls = new HashSet<>();
    private final EventParser chunks = new EventParser();
    private StopReason stopReason;
    private Usage usage = Usage.ZERO;
    private boolean finished;

    // What the chunk being read has said so far; the readers below are bound once, so reading a
    // chunk allocates only what it keeps.
    private SseEvent event;
    private Consumer<StreamEvent> out;
    private int choiceIndex;
    private String reasoningContent;
    private String reasoning;
    private String content;
    private final List<StreamEvent> calls = new ArrayList<>();
    private int callIndex;
    private String callId;
    private String callName;
    private String callArguments;
    private final JsonRead.Property chunkProperty = this::chunkProperty;
    private final Consumer<JsonParser> readChunk = parser -> JsonRead.document(parser, chunkProperty);
    private final Consumer<JsonParser> choice = this::choice;
    private final JsonRead.Property choiceProperty = this::choiceProperty;
    private final JsonRead.Property deltaProperty = this::deltaProperty;
    private final Consumer<JsonParser> toolCall = this::toolCall;
    private final JsonRead.Property callProperty = this::callProperty;
    private final JsonRead.Property functionProperty = this::functionProperty;

    OpenAiChatDecoder(HttpErrorMapper errors) {
        this.errors = errors;
    }

    @Override
    public void accept(SseEvent event, Consumer<StreamEvent> out) {
        if (finished) {
            return;
        }
        if ("error".equals(event.event())) {
            throw errors.fromStream(event.data());
        }
        if (event.isDone()) {
            finish(out);
            return;
        }
        this.event = event;
        this.out = out;
        chunks.read(event.bytes(), readChunk);
    }

    private void chunkProperty(String name, JsonParser value) {
        switch (name) {
            case "choices" -> JsonRead.array(value, choice);
            case "usage" -> {
                if (value.currentToken() == JsonToken.START_OBJECT) {
                    usage = OpenAiChatFormatter.usage(value);
                }
            }
            case "error" -> throw errors.fromStream(event.data());
            default -> {
            }
        }
    }

    /**
     * One choice of a chunk, in the order its fields arrive; only the first choice (index 0) is the
     * answer. Servers send the index first; one sent after the delta is honoured for the finish reason.
     */
    private void choice(JsonParser choice) {
        choiceIndex = 0;
        JsonRead.object(choice, choiceProperty);
    }

    private void choiceProperty(String name, JsonParser value) {
        switch (name) {
            case "index" -> choiceIndex = (int) JsonRead.number(value);
            case "delta" -> {
                if (choiceIndex == 0) {
                    delta(value);
                }
            }
            case "finish_reason" -> {
                String finish = JsonRead.string(value);
                if (finish != null && choiceIndex == 0) {
                    stopReason = OpenAiChatFormatter.stopReason(finish);
                }
            }
            default -> {
            }
        }
    }

    /**
     * A delta's reasoning ({@code reasoning_content} from DeepSeek, vLLM and llama.cpp, else
     * {@code reasoning} from Ollama and Groq), then its text, then its tool calls.
     */
    private void delta(JsonParser delta) {
        reasoningContent = reasoning = content = null;
        calls.clear();
        JsonRead.object(delta, deltaProperty);
        String thinking = reasoningContent != null ? reasoningContent : reasoning;
        if (thinking != null && !thinking.isEmpty()) {
            out.accept(new StreamEvent.ReasoningDelta(thinking));
        }
        if (content != null && !content.isEmpty()) {
            out.accept(new StreamEvent.TextDelta(content));
        }
        for (int i = 0; i < calls.size(); i++) {
            out.accept(calls.get(i));
        }
        calls.clear();
    }

    private void deltaProperty(String name, JsonParser value) {
        switch (name) {
            case "reasoning_content" -> reasoningContent = JsonRead.string(value);
            case "reasoning" -> reasoning = JsonRead.string(value);
            case "content" -> content = JsonRead.string(value);
            case "tool_calls" -> JsonRead.array(value, toolCall);
            default -> {
            }
        }
    }

    private void toolCall(JsonParser call) {
        callIndex = 0;
        callId = callName = callArguments = null;
        JsonRead.object(call, callProperty);
        if (startedCalls.add(callIndex)) {
            // Some compatible servers leave the id out; the conversation still needs one.
            String id = callId == null || callId.isBlank() ? "call_" + callIndex : callId;
            calls.add(new StreamEvent.ToolCallStart(callIndex, id, callName == null ? "" : callName));
        }
        if (callArguments != null && !callArguments.isEmpty()) {
            calls.add(new StreamEvent.ToolCallArgumentsDelta(callIndex, callArguments));
        }
    }

    private void callProperty(String name, JsonParser value) {
        switch (name) {
            case "index" -> callIndex = (int) JsonRead.number(value);
            case "id" -> callId = JsonRead.string(value);
            case "function" -> JsonRead.object(value, functionProperty);
            default -> {
            }
        }
    }

    private void functionProperty(String name, JsonParser value) {
        switch (name) {
            case "name" -> callName = JsonRead.string(value);
            case "arguments" -> callArguments = JsonRead.string(value);
            default -> {
            }
        }
    }

    @Override
    public void end(Consumer<StreamEvent> out) {
        finish(out);
    }

    @Override
    public void close() {
        chunks.close();
    }

    private void finish(Consumer<StreamEvent> out) {
        if (finished || stopReason == null) {
            return;
        }
        finished = true;
        if (!usage.equals(Usage.ZERO)) {
            out.accept(new StreamEvent.UsageReport(usage));
        }
        out.accept(new StreamEvent.Finish(stopReason));
    }
}
