package io.agentloop.providers.http;

import java.io.InputStream;
import java.io.StringWriter;
import java.util.function.Consumer;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.TokenStreamFactory;

/**
 * Reading a response as a stream of JSON tokens, taking only the values a format needs: no tree is
 * built, property names come from the parser's symbol table, and text is made only of the values
 * read. Parsers made here have no object mapper behind them (they cost no mapper context), so read
 * values with these methods, not as trees.
 *
 * <p>The rule every reader follows: a property or element handler either reads its value whole or
 * leaves it alone; whatever it leaves is skipped.
 */
public final class JsonRead {
    private static final TokenStreamFactory FACTORY = WireJson.MAPPER.tokenStreamFactory();

    /** Reads one property of an object: the parser is on its value. */
    @FunctionalInterface
    public interface Property {
        void read(String name, JsonParser value);
    }

    private JsonRead() {
    }

    /** A parser over JSON in UTF-8, positioned before its first token. */
    public static JsonParser parser(byte[] json) {
        return FACTORY.createParser(ObjectReadContext.empty(), json);
    }

    /** A parser over a stream of JSON in UTF-8, positioned before its first token. */
    public static JsonParser parser(InputStream json) {
        return FACTORY.createParser(ObjectReadContext.empty(), json);
    }

    /**
     * Reads the document's top-level object, property by property. A document that is not an object
     * (nothing, {@code null}, an array) has no properties: it is skipped, as a tree read would find
     * nothing in it.
     *
     * @throws tools.jackson.core.JacksonException when the JSON is malformed
     */
    public static void document(JsonParser parser, Property property) {
        if (parser.nextToken() == null) {
            return;
        }
        object(parser, property);
    }

    /** Reads the object the parser is on, property by property; anything else is skipped. */
    public static void object(JsonParser parser, Property property) {
        if (parser.currentToken() != JsonToken.START_OBJECT) {
            parser.skipChildren();
            return;
        }
        String name;
        while ((name = parser.nextName()) != null) {
            parser.nextToken();
            property.read(name, parser);
            parser.skipChildren();
        }
    }

    /** Reads the array the parser is on, element by element (the parser on each); anything else is skipped. */
    public static void array(JsonParser parser, Consumer<JsonParser> element) {
        if (parser.currentToken() != JsonToken.START_ARRAY) {
            parser.skipChildren();
            return;
        }
        while (parser.nextToken() != JsonToken.END_ARRAY) {
            element.accept(parser);
            parser.skipChildren();
        }
    }

    /** The value if it is a string, else null. */
    public static String string(JsonParser parser) {
        return parser.currentToken() == JsonToken.VALUE_STRING ? parser.getString() : null;
    }

    /** The value if it is a string, else {@code fallback}. */
    public static String string(JsonParser parser, String fallback) {
        String value = string(parser);
        return value == null ? fallback : value;
    }

    /** The value if it is a whole number, else 0. */
    public static long number(JsonParser parser) {
        JsonToken token = parser.currentToken();
        return token == JsonToken.VALUE_NUMBER_INT || token == JsonToken.VALUE_NUMBER_FLOAT
                ? parser.getValueAsLong() : 0;
    }

    /** The value, whatever it is, as compact JSON text. */
    public static String text(JsonParser parser) {
        StringWriter json = new StringWriter();
        try (JsonGenerator out = FACTORY.createGenerator(ObjectWriteContext.empty(), json)) {
            out.copyCurrentStructure(parser);
        }
        return json.toString();
    }
}
