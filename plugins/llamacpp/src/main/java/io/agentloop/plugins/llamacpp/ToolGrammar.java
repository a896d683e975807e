package io.agentloop.plugins.llamacpp;

import de.kherud.llama.LlamaModel;
import io.agentloop.api.format.CallSchema;
import io.agentloop.api.model.ToolChoice;
import io.agentloop.api.tool.ToolSpec;
import java.util.LinkedHashMap;
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
        Object schema = bounded(CallSchema.anyOf(tools), 0);
        String calls = negativesWithinAnInt(LlamaModel.jsonSchemaToGrammar(JSON.writeValueAsString(schema)))
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

    /** Items a list with no {@code maxItems} may have in a structured answer. */
    static final int MAX_ITEMS = 8;

    /**
     * The grammar of a JSON value matching {@code schema} (a request's response schema: a
     * structured answer, or a call when the {@code text} formatter requires one). The value must
     * fit the token limit, or it is cut off and does not parse: strings with no {@code maxLength}
     * share a quarter of {@code maxTokens} (a token is at least one character), at least 8
     * characters each, and lists with no {@code maxItems} hold at most {@value #MAX_ITEMS} items.
     * Integers stay within a Java {@code int} (see {@link #bounded}).
     */
    static String ofSchema(Map<String, Object> schema, int maxTokens) {
        return negativesWithinAnInt(LlamaModel.jsonSchemaToGrammar(JSON.writeValueAsString(bounded(schema,
                perString(schema, maxTokens))))).replaceFirst("(?m)^space ::= .*$", COMPACT_SPACE);
    }

    /** llama.cpp's negative branch of an integer range: a minus and up to 16 digits, whatever the minimum. */
    private static final String ANY_NEGATIVE = "\"-\" ([0] | [1-9] [0-9]{0,15})";
    /** A negative number of at most nine digits: always within an {@code int}. */
    private static final String INT_NEGATIVE = "\"-\" ([0] | [1-9] [0-9]{0,8})";

    /**
     * The converter bounds only the non-negative side of a range whose minimum is negative: its
     * negative branch lets any 16 digits through, so a sampled {@code int} could be -3000000000 and not
     * convert. Negatives are held to nine digits instead (a tenth would be rare for a model, and
     * could not be told apart from one out of range without a rule per digit).
     */
    static String negativesWithinAnInt(String grammar) {
        return grammar.replace(ANY_NEGATIVE, INT_NEGATIVE);
    }

    /**
     * The longest an unbounded string of the answer may be: together they get a quarter of the token
     * limit, so every string a list may hold counts (a list of strings with no {@code maxItems} is
     * {@value #MAX_ITEMS} strings); otherwise a sampled answer with a full list can run past the
     * limit and be cut off.
     */
    static int perString(Map<String, Object> schema, int maxTokens) {
        long strings = Math.max(1, count(schema, "string"));
        return (int) Math.max(8, maxTokens / 4 / strings);
    }

    /** How many values of this type a value of the schema can hold (a list's items as often as it may hold them). */
    private static long count(Object schema, String type) {
        if (schema instanceof Map<?, ?> map) {
            long own = type.equals(map.get("type")) ? 1 : 0;
            long inside = map.entrySet().stream().mapToLong(e -> e.getKey().equals("items")
                    ? items(map) * count(e.getValue(), type) : count(e.getValue(), type)).sum();
            return own + inside;
        }
        if (schema instanceof List<?> list) {
            return list.stream().mapToLong(v -> count(v, type)).sum();
        }
        return 0;
    }

    /** The most items a list schema lets through once bounded. */
    private static long items(Map<?, ?> list) {
        return list.get("maxItems") instanceof Number n ? Math.max(0, n.longValue()) : MAX_ITEMS;
    }

    /**
     * A copy of the schema with bounds on its unbounded strings and lists (when {@code perString} is
     * positive: a structured answer), and every integer held within a Java {@code int}: a model sampling digits would
     * otherwise write numbers no {@code int} field can take. The bounds stop one short of
     * {@code int}'s own limits, which the converter takes for "no bound" (given both, it aborts the
     * process), and exclusive bounds become inclusive ones.
     */
    @SuppressWarnings("unchecked")
    static Object bounded(Object schema, int perString) {
        if (schema instanceof List<?> list) {
            return list.stream().map(v -> bounded(v, perString)).toList();
        }
        if (!(schema instanceof Map<?, ?> map)) {
            return schema;
        }
        Map<String, Object> copy = new LinkedHashMap<>();
        ((Map<String, Object>) map).forEach((k, v) -> copy.put(k, bounded(v, perString)));
        if (perString > 0 && "string".equals(copy.get("type")) && !copy.containsKey("maxLength")
                && !copy.containsKey("enum") && !copy.containsKey("const") && !copy.containsKey("pattern")
                && !copy.containsKey("format")) {
            copy.put("maxLength", perString);
        }
        if (perString > 0 && "array".equals(copy.get("type")) && !copy.containsKey("maxItems")) {
            copy.put("maxItems", MAX_ITEMS);
        }
        if ("integer".equals(copy.get("type")) && !copy.containsKey("enum") && !copy.containsKey("const")) {
            double low = Integer.MIN_VALUE + 1;
            double high = Integer.MAX_VALUE - 1;
            if (copy.remove("minimum") instanceof Number n) {
                low = Math.max(low, Math.ceil(n.doubleValue()));
            }
            if (copy.remove("exclusiveMinimum") instanceof Number n) {
                low = Math.max(low, Math.floor(n.doubleValue()) + 1);
            }
            if (copy.remove("maximum") instanceof Number n) {
                high = Math.min(high, Math.floor(n.doubleValue()));
            }
            if (copy.remove("exclusiveMaximum") instanceof Number n) {
                high = Math.min(high, Math.ceil(n.doubleValue()) - 1);
            }
            copy.put("minimum", (long) Math.min(low, Integer.MAX_VALUE - 1));
            copy.put("maximum", (long) Math.max(high, Integer.MIN_VALUE + 1));
        }
        return copy;
    }
}
