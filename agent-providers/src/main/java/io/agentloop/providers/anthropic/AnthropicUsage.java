package io.agentloop.providers.anthropic;

import io.agentloop.api.message.Usage;
import io.agentloop.providers.http.JsonRead;
import tools.jackson.core.JsonParser;

/**
 * Anthropic's token counts as they arrive: a stream reports them in parts ({@code message_start},
 * then {@code message_delta}'s cumulative figures), a figure read later replacing the one read
 * before, the figures a part leaves out staying as they were. Anthropic counts cached prompt tokens
 * apart; the platform's input count includes them.
 */
final class AnthropicUsage {
    private final JsonRead.Property count = this::count;
    private final JsonRead.Property outputDetail = this::outputDetail;
    private long input;
    private long output;
    private long cacheRead;
    private long cacheWrite;
    private long thinking;

    /** Takes the figures of the {@code usage} object the parser is on; anything else is skipped. */
    void read(JsonParser usage) {
        JsonRead.object(usage, count);
    }

    private void count(String name, JsonParser value) {
        switch (name) {
            case "input_tokens" -> input = JsonRead.number(value);
            case "output_tokens" -> output = JsonRead.number(value);
            case "cache_read_input_tokens" -> cacheRead = JsonRead.number(value);
            case "cache_creation_input_tokens" -> cacheWrite = JsonRead.number(value);
            case "output_tokens_details" -> {
                // The details come whole: a later object replaces the earlier one.
                thinking = 0;
                JsonRead.object(value, outputDetail);
            }
            default -> {
            }
        }
    }

    private void outputDetail(String name, JsonParser value) {
        if (name.equals("thinking_tokens")) {
            thinking = JsonRead.number(value);
        }
    }

    Usage usage() {
        return new Usage(input + cacheRead + cacheWrite, output, cacheRead, thinking);
    }
}
