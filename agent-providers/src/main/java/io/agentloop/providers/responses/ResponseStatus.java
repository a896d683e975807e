package io.agentloop.providers.responses;

import io.agentloop.api.message.StopReason;
import io.agentloop.providers.http.JsonRead;
import tools.jackson.core.JsonParser;

/**
 * A response's {@code status} and, when it is {@code incomplete}, the reason from
 * {@code incomplete_details}: together with whether the model called tools, the stop reason.
 */
final class ResponseStatus {
    private boolean incomplete;
    private String reason = "";

    /** Forgets what was read, to read another response. */
    void reset() {
        incomplete = false;
        reason = "";
    }

    /** Takes the response's property if it is one of the status's; leaves any other alone. */
    void read(String name, JsonParser value) {
        switch (name) {
            case "status" -> incomplete = "incomplete".equals(JsonRead.string(value));
            case "incomplete_details" -> JsonRead.object(value, (field, v) -> {
                if (field.equals("reason")) {
                    reason = JsonRead.string(v, "");
                }
            });
            default -> {
            }
        }
    }

    StopReason stopReason(boolean calledTools) {
        if (incomplete) {
            return switch (reason) {
                case "max_output_tokens" -> StopReason.MAX_TOKENS;
                case "content_filter" -> StopReason.CONTENT_FILTER;
                default -> StopReason.OTHER;
            };
        }
        return calledTools ? StopReason.TOOL_CALLS : StopReason.END_TURN;
    }
}
