package io.agentloop.providers.responses;

import io.agentloop.api.message.Usage;
import io.agentloop.api.model.StreamEvent;
import io.agentloop.providers.http.EventParser;
import io.agentloop.providers.http.HttpErrorMapper;
import io.agentloop.providers.http.JsonRead;
import io.agentloop.providers.http.SseEvent;
import io.agentloop.providers.http.StreamDecoder;
import java.util.Arrays;
import java.util.function.Consumer;
import tools.jackson.core.JsonParser;

/**
 * Decodes the Responses API's typed stream: {@code output_item.added} opens a function call,
 * {@code output_item.done} of a reasoning item carries its encrypted content,
 * {@code output_text.delta}, {@code reasoning_summary_text.delta} and
 * {@code function_call_arguments.delta} carry the pieces, and {@code response.completed} (or
 * {@code incomplete}) ends it with the usage. {@code error} and {@code response.failed} are errors.
 *
 * <p>Each event is read from its bytes into the fields below, then acted on: the event's
 * {@code type} usually comes first, and the large {@code response} snapshots of the events the loop
 * does not need are then skipped over, nothing of them kept.
 */
final class ResponsesDecoder implements StreamDecoder<SseEvent> {
    private final EventParser events = new EventParser();
    private static final String ITEM_ADDED = "response.output_item.added";
    private static final String ITEM_DONE = "response.output_item.done";
    private static final String COMPLETED = "response.completed";
    private static final String INCOMPLETE = "response.incomplete";

    private final HttpErrorMapper errors;
    private final JsonRead.Property field = this::field;
    private final Consumer<JsonParser> readEvent = parser -> JsonRead.document(parser, field);
    private final JsonRead.Property responseField = this::responseField;
    /** The output index of each function call, by tool-call index. */
    private int[] callOutputs = new int[2];
    private int calls;

    // The event being read.
    private String type;
    private int outputIndex;
    private String delta;
    private OutputItem item;
    private Usage usage;
    private final ResponseStatus status = new ResponseStatus();

    ResponsesDecoder(HttpErrorMapper errors) {
        this.errors = errors;
    }

    @Override
    public void accept(SseEvent event, Consumer<StreamEvent> out) {
        if ("error".equals(event.event())) {
            throw errors.fromStream(event.data());
        }
        type = null;
        outputIndex = 0;
        delta = "";
        item = null;
        usage = Usage.ZERO;
        status.reset();
        events.read(event.bytes(), readEvent);
        switch (type != null ? type : event.event()) {
            case ITEM_ADDED -> {
                if (item != null && item.isFunctionCall()) {
                    int call = startCall(outputIndex);
                    out.accept(new StreamEvent.ToolCallStart(call, item.callId(), item.name()));
                    if (!item.arguments().isEmpty()) {
                        out.accept(new StreamEvent.ToolCallArgumentsDelta(call, item.arguments()));
                    }
                }
            }
            case ITEM_DONE -> {
                // The encrypted reasoning is final only once its item is done; it closes the reasoning block.
                if (item != null && item.isReasoning() && !item.encryptedContent().isEmpty()) {
                    out.accept(new StreamEvent.ReasoningSignature(item.encryptedContent()));
                }
            }
            case "response.output_text.delta" -> out.accept(new StreamEvent.TextDelta(delta));
            case "response.reasoning_summary_text.delta" -> out.accept(new StreamEvent.ReasoningDelta(delta));
            case "response.function_call_arguments.delta" -> {
                int call = callAt(outputIndex);
                if (call >= 0) {
                    out.accept(new StreamEvent.ToolCallArgumentsDelta(call, delta));
                }
            }
            case COMPLETED, INCOMPLETE -> {
                out.accept(new StreamEvent.UsageReport(usage));
                out.accept(new StreamEvent.Finish(status.stopReason(calls > 0)));
            }
            case "response.failed" -> throw errors.fromStream(response(event));
            case "error" -> throw errors.fromStream(event.data());
            default -> {
                // created, in_progress, *.done, content_part.*: nothing new for the loop
            }
        }
    }

    private void field(String name, JsonParser value) {
        switch (name) {
            case "type" -> type = JsonRead.string(value);
            case "output_index" -> outputIndex = (int) JsonRead.number(value);
            case "delta" -> delta = JsonRead.string(value, "");
            case "item" -> {
                if (type == null || type.equals(ITEM_ADDED) || type.equals(ITEM_DONE)) {
                    item = OutputItem.read(value);
                }
            }
            case "response" -> {
                if (type == null || type.equals(COMPLETED) || type.equals(INCOMPLETE)) {
                    JsonRead.object(value, responseField);
                }
            }
            default -> {
            }
        }
    }

    /** A property of the response that completes the stream. */
    private void responseField(String name, JsonParser value) {
        if (name.equals("usage")) {
            usage = ResponsesFormatter.usage(value);
        } else {
            status.read(name, value);
        }
    }

    private int startCall(int output) {
        if (calls == callOutputs.length) {
            callOutputs = Arrays.copyOf(callOutputs, calls * 2);
        }
        callOutputs[calls] = output;
        return calls++;
    }

    /** The tool call at the output index (the latest, should the index repeat), or -1. */
    private int callAt(int output) {
        for (int call = calls - 1; call >= 0; call--) {
            if (callOutputs[call] == output) {
                return call;
            }
        }
        return -1;
    }

    /** The failed response object as text, for the error (the error path only reads it twice). */
    private static String response(SseEvent event) {
        String[] response = {""};
        try (JsonParser data = JsonRead.parser(event.bytes())) {
            JsonRead.document(data, (name, value) -> {
                if (name.equals("response")) {
                    response[0] = JsonRead.text(value);
                }
            });
        }
        return response[0];
    }

    @Override
    public void close() {
        events.close();
    }
}
