package io.agentloop.providers.responses;

import io.agentloop.api.model.StreamEvent;
import io.agentloop.providers.http.HttpErrorMapper;
import io.agentloop.providers.http.SseEvent;
import io.agentloop.providers.http.StreamDecoder;
import io.agentloop.providers.http.WireJson;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;

/**
 * Decodes the Responses API's typed stream: {@code output_item.added} opens a function call,
 * {@code output_text.delta}, {@code reasoning_summary_text.delta} and
 * {@code function_call_arguments.delta} carry the pieces, and {@code response.completed} (or
 * {@code incomplete}) ends it with the usage. {@code error} and {@code response.failed} are errors.
 */
final class ResponsesDecoder implements StreamDecoder<SseEvent> {
    private final HttpErrorMapper errors;
    /** Output index to tool-call index. */
    private final Map<Integer, Integer> calls = new HashMap<>();

    ResponsesDecoder(HttpErrorMapper errors) {
        this.errors = errors;
    }

    @Override
    public void accept(SseEvent event, Consumer<StreamEvent> out) {
        JsonNode data = WireJson.MAPPER.readTree(event.data());
        switch (data.path("type").asString(event.event())) {
            case "response.output_item.added" -> {
                JsonNode item = data.path("item");
                if ("function_call".equals(item.path("type").asString(""))) {
                    int call = calls.size();
                    calls.put(data.path("output_index").asInt(), call);
                    out.accept(new StreamEvent.ToolCallStart(call, item.path("call_id").asString(),
                            item.path("name").asString()));
                    String arguments = item.path("arguments").asString("");
                    if (!arguments.isEmpty()) {
                        out.accept(new StreamEvent.ToolCallArgumentsDelta(call, arguments));
                    }
                }
            }
            case "response.output_text.delta" -> out.accept(new StreamEvent.TextDelta(data.path("delta").asString("")));
            case "response.reasoning_summary_text.delta" ->
                    out.accept(new StreamEvent.ReasoningDelta(data.path("delta").asString("")));
            case "response.function_call_arguments.delta" -> {
                Integer call = calls.get(data.path("output_index").asInt());
                if (call != null) {
                    out.accept(new StreamEvent.ToolCallArgumentsDelta(call, data.path("delta").asString("")));
                }
            }
            case "response.completed", "response.incomplete" -> {
                JsonNode response = data.path("response");
                out.accept(new StreamEvent.UsageReport(ResponsesFormatter.usage(response.path("usage"))));
                out.accept(new StreamEvent.Finish(ResponsesFormatter.stopReason(response, !calls.isEmpty())));
            }
            case "response.failed" -> throw errors.fromStream(data.path("response").toString());
            case "error" -> throw errors.fromStream(event.data());
            default -> {
                // created, in_progress, *.done, content_part.*: nothing new for the loop
            }
        }
    }
}
