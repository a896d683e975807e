package io.agentloop.providers;

/**
 * Stream bodies for failures no recording holds, written from the providers' documented event
 * formats. Not recorded traffic.
 */
final class ProviderStreams {
    private ProviderStreams() {
    }

    /** Anthropic: a message that starts a tool call and sends half of its input. */
    static final String ANTHROPIC_TOOL_USE_START = """
            event: message_start
            data: {"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"claude-test","content":[],"stop_reason":null,"usage":{"input_tokens":10,"output_tokens":1}}}

            event: content_block_start
            data: {"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_partial","name":"pelican_name_generator","input":{}}}

            event: content_block_delta
            data: {"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\\"sty"}}

            """;

    /** Anthropic: the documented overloaded error, as an event inside a 200 stream. */
    static final String ANTHROPIC_OVERLOADED = """
            event: error
            data: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}

            """;

    /** OpenAI: a tool call whose arguments stop half way, with no finish reason and no [DONE]. */
    static final String OPENAI_TOOL_CALL_CUT = """
            data: {"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"call_cut","type":"function","function":{"name":"get_weather","arguments":""}}]},"finish_reason":null}]}

            data: {"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\\"city\\":\\"Mex"}}]},"finish_reason":null}]}

            """;
}
