package io.agentloop.core.tool;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * Parses a tool call's JSON arguments and validates them against the tool's JSON Schema
 * (draft 2020-12, compiled once). What the model got wrong comes back as a failure result that
 * says what to fix.
 */
public final class ArgumentParser {
    private static final SchemaRegistry SCHEMAS = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
    /** The draft 2020-12 meta-schema (bundled with the validator, no network), to check tools' schemas. */
    private static final Schema META_SCHEMA = SCHEMAS.getSchema(
            SchemaLocation.of(SpecificationVersion.DRAFT_2020_12.getDialectId()));

    private final String toolName;
    private final Schema schema;
    private final ObjectMapper json;

    private ArgumentParser(String toolName, Schema schema, ObjectMapper json) {
        this.toolName = toolName;
        this.schema = schema;
        this.json = json;
    }

    static ArgumentParser compile(ToolSpec spec, ObjectMapper json) {
        SchemaCheck.problem(spec.parameters()).ifPresent(problem -> {
            throw new IllegalArgumentException("tool '" + spec.name() + "' has a parameter schema its author must fix: "
                    + problem);
        });
        JsonNode schemaNode = json.valueToTree(spec.parameters());
        List<Error> problems = META_SCHEMA.validate(schemaNode);
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("tool '" + spec.name() + "' has a parameter schema that is not valid "
                    + "JSON Schema (draft 2020-12): " + problems);
        }
        try {
            return new ArgumentParser(spec.name(), SCHEMAS.getSchema(schemaNode), json);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("tool '" + spec.name() + "' has a parameter schema that is not valid "
                    + "JSON Schema: " + e.getMessage(), e);
        }
    }

    /** Either the arguments or the failure to send back to the model. */
    public sealed interface Parsed {
        record Valid(ToolArguments arguments) implements Parsed {
        }

        record Invalid(ToolResult.Failure failure) implements Parsed {
        }
    }

    public Parsed parse(String text) {
        JsonNode node;
        try {
            node = text.isBlank() ? json.createObjectNode() : json.readTree(text);
        } catch (JacksonException e) {
            return invalid("the arguments are not valid JSON (" + e.getOriginalMessage()
                    + "). Send a JSON object that matches the tool's parameters.");
        }
        if (node == null || !node.isObject()) {
            return invalid("the arguments must be a JSON object, not " + (node == null ? "nothing" : node.getNodeType())
                    + ". Send a JSON object that matches the tool's parameters.");
        }
        List<Error> errors = schema.validate(node);
        if (!errors.isEmpty()) {
            List<String> problems = new ArrayList<>(errors.size());
            errors.forEach(e -> problems.add(e.toString()));
            return invalid("the arguments do not match the tool's parameters: " + String.join("; ", problems)
                    + ". Call it again with arguments that match its schema.");
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> values = (Map<String, Object>) toJava(node);
        return new Parsed.Valid(new ToolArguments(values, text));
    }

    /**
     * Arguments as values, without a schema: for hooks reading a call.
     *
     * @throws IllegalArgumentException when the text is not a JSON object
     */
    static ToolArguments values(String text, ObjectMapper json) {
        JsonNode node;
        try {
            node = text.isBlank() ? json.createObjectNode() : json.readTree(text);
        } catch (JacksonException e) {
            throw new IllegalArgumentException("the arguments are not valid JSON: " + e.getOriginalMessage(), e);
        }
        if (node == null || !node.isObject()) {
            throw new IllegalArgumentException("the arguments are not a JSON object but "
                    + (node == null ? "nothing" : node.getNodeType()));
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> values = (Map<String, Object>) toJava(node);
        return new ToolArguments(values, text);
    }

    private Parsed invalid(String message) {
        return new Parsed.Invalid(new ToolResult.Failure(ToolResult.Failure.INVALID_ARGUMENTS,
                "tool '" + toolName + "': " + message));
    }

    /** JSON as plain Java values; JSON null inside an object is left out. */
    private static Object toJava(JsonNode node) {
        if (node.isObject()) {
            Map<String, Object> map = new LinkedHashMap<>();
            for (Map.Entry<String, JsonNode> property : node.properties()) {
                Object value = toJava(property.getValue());
                if (value != null) {
                    map.put(property.getKey(), value);
                }
            }
            return Collections.unmodifiableMap(map);
        }
        if (node.isArray()) {
            List<Object> list = new ArrayList<>(node.size());
            for (JsonNode element : node.values()) {
                list.add(toJava(element));
            }
            return Collections.unmodifiableList(list);
        }
        if (node.isString()) {
            return node.stringValue();
        }
        if (node.isIntegralNumber()) {
            return node.canConvertToLong() ? node.longValue() : node.bigIntegerValue();
        }
        if (node.isNumber()) {
            return node.doubleValue();
        }
        if (node.isBoolean()) {
            return node.booleanValue();
        }
        return null;
    }
}
