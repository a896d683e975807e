package io.agentloop.plugins.llamacpp;

import de.kherud.llama.LlamaModel;
import io.agentloop.api.format.CallSchema;
import io.agentloop.api.model.ToolChoice;
import io.agentloop.api.tool.ToolSpec;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.json.JsonMapper;

/**
 * The grammar that constrains a model's output when tools are offered, so that even a small model
 * writes calls that parse and whose arguments match the tool's JSON Schema. A call is the object
 * {@code {"name": <tool>, "arguments": <schema-valid arguments>}}; the tools' schemas become one
 * "any of" schema that llama.cpp's own converter turns into GBNF, with at most one space between
 * tokens. With {@code REQUIRED} the output is a call, after at most one short line of text; with
 * {@code AUTO} it is that or a plain answer (text that does not start with {@code &#123;}); with
 * {@code NONE}, or no tools, there is no grammar.
 */
final class ToolGrammar {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String CALL_RULE = "agentloop-tool-call";
    /** At most one space between tokens: the converter's default lets a model spend its tokens on new lines. */
    private static final String COMPACT_SPACE = "space ::= \" \"?";
    /** Characters of the one line of text a model may write before its call: bounded so the call still fits. */
    private static final int MAX_PREAMBLE = 120;
    private static final int MIN_PREAMBLE = 8;

    static {
        NativeLibrary.prepare(); // the converter is native
    }

    private ToolGrammar() {
    }

    /**
     * The grammar for these tools, or none.
     *
     * @param maxTokens the call's token limit: the line of text before a call gets at most a quarter
     *                  of it (a token is at least one character), up to 120 characters
     */
    static Optional<String> of(List<ToolSpec> tools, ToolChoice choice, int maxTokens) {
        if (tools.isEmpty() || choice == ToolChoice.NONE) {
            return Optional.empty();
        }
        Map<String, Object> schema = CallSchema.anyOf(tools);
        String calls = LlamaModel.jsonSchemaToGrammar(JSON.writeValueAsString(schema))
                .replaceFirst("(?m)^space ::= .*$", COMPACT_SPACE)
                .replaceFirst("(?m)^root ::=", CALL_RULE + " ::=");
        int preamble = Math.min(MAX_PREAMBLE, maxTokens / 4);
        String call = preamble >= MIN_PREAMBLE ? "preamble? " + CALL_RULE : CALL_RULE;
        String root = choice == ToolChoice.REQUIRED
                ? "root ::= " + call + "\n"
                : "root ::= " + call + " | answer\n" + "answer ::= [^{ \\t\\r\\n] [^\\x00]*\n";
        return Optional.of(calls + "\n" + root + (preamble >= MIN_PREAMBLE
                ? "preamble ::= [^{ \\t\\r\\n\\x00] [^\\n\\x00]{0," + (preamble - 1) + "} \"\\n\"\n" : ""));
    }

    /**
     * The grammar of a JSON value matching {@code schema} (a request's response schema, as the
     * {@code text} formatter sets it when a call is required).
     */
    static String ofSchema(Map<String, Object> schema) {
        return LlamaModel.jsonSchemaToGrammar(JSON.writeValueAsString(schema))
                .replaceFirst("(?m)^space ::= .*$", COMPACT_SPACE);
    }
}
