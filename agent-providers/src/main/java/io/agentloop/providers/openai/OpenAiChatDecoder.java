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
        JsonRead.document(chunks.next(event.bytes()), (name, value) -> {
            switch (name) {
                case "choices" -> JsonRead.array(value, choice -> choice(choice, out));
                case "usage" -> {
                    if (value.currentToken() == JsonToken.START_OBJECT) {
                        usage = OpenAiChatFormatter.usage(value);
                    }
                }
                case "error" -> throw errors.fromStream(event.data());
                default -> {
                }
            }
        });
    }

    /**
     * One choice of a chunk, in the order its fields arrive; only the first choice (index 0) is the
     * answer. Servers send the index first; one sent after the delta is honoured for the finish reason.
     */
    private void choice(JsonParser choice, Consumer<StreamEvent> out) {
        int[] index = {0};
        JsonRead.object(choice, (name, value) -> {
            switch (name) {
                case "index" -> index[0] = (int) JsonRead.number(value);
                case "delta" -> {
                    if (index[0] == 0) {
                        delta(value, out);
                    }
                }
                case "finish_reason" -> {
                    String finish = JsonRead.string(value);
                    if (finish != null && index[0] == 0) {
                        stopReason = OpenAiChatFormatter.stopReason(finish);
                    }
                }
                default -> {
                }
            }
        });
    }

    /**
     * A delta's reasoning ({@code reasoning_content} from DeepSeek, vLLM and llama.cpp, else
     * {@code reasoning} from Ollama and Groq), then its text, then its tool calls.
     */
    private void delta(JsonParser delta, Consumer<StreamEvent> out) {
        String[] reasoning = new String[2];
        String[] content = {null};
        List<StreamEvent> calls = new ArrayList<>(0);
        JsonRead.object(delta, (name, value) -> {
            switch (name) {
                case "reasoning_content" -> reasoning[0] = JsonRead.string(value);
                case "reasoning" -> reasoning[1] = JsonRead.string(value);
                case "content" -> content[0] = JsonRead.string(value);
                case "tool_calls" -> JsonRead.array(value, call -> toolCall(call, calls::add));
                default -> {
                }
            }
        });
        String thinking = reasoning[0] != null ? reasoning[0] : reasoning[1];
        if (thinking != null && !thinking.isEmpty()) {
            out.accept(new StreamEvent.ReasoningDelta(thinking));
        }
        if (content[0] != null && !content[0].isEmpty()) {
            out.accept(new StreamEvent.TextDelta(content[0]));
        }
        calls.forEach(out);
    }

    private void toolCall(JsonParser call, Consumer<StreamEvent> out) {
        int[] index = {0};
        String[] fields = new String[3];
        JsonRead.object(call, (name, value) -> {
            switch (name) {
                case "index" -> index[0] = (int) JsonRead.number(value);
                case "id" -> fields[0] = JsonRead.string(value);
                case "function" -> JsonRead.object(value, (field, v) -> {
                    switch (field) {
                        case "name" -> fields[1] = JsonRead.string(v);
                        case "arguments" -> fields[2] = JsonRead.string(v);
                        default -> {
                        }
                    }
                });
                default -> {
                }
            }
        });
        if (startedCalls.add(index[0])) {
            // Some compatible servers leave the id out; the conversation still needs one.
            String id = fields[0] == null || fields[0].isBlank() ? "call_" + index[0] : fields[0];
            out.accept(new StreamEvent.ToolCallStart(index[0], id, fields[1] == null ? "" : fields[1]));
        }
        if (fields[2] != null && !fields[2].isEmpty()) {
            out.accept(new StreamEvent.ToolCallArgumentsDelta(index[0], fields[2]));
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
