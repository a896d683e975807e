package io.agentloop.core.tool;

import io.agentloop.core.text.Nearest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What the JSON Schema meta-schema lets through but no tool author means: a misspelled keyword (a
 * typo such as {@code propertes} is allowed by the standard and silently ignored, so every call is
 * then judged against a schema the author did not write, and the model is blamed),
 * and a {@code required} name that is not among the {@code properties} of an object that allows no
 * others (no call can ever match). Walks every subschema.
 */
public final class SchemaCheck {
    /**
     * The keywords of draft 2020-12 (core, applicator, validation, unevaluated, meta-data, format,
     * content), and a few older ones still common.
     */
    private static final Set<String> KEYWORDS = Set.of("$schema", "$id", "$ref", "$defs", "$anchor", "$dynamicRef",
            "$dynamicAnchor", "$comment", "$vocabulary", "allOf", "anyOf", "oneOf", "not", "if", "then", "else",
            "dependentSchemas", "prefixItems", "items", "contains", "properties", "patternProperties",
            "additionalProperties", "propertyNames", "unevaluatedItems", "unevaluatedProperties", "type", "enum",
            "const", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength",
            "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "maxContains", "minContains",
            "maxProperties", "minProperties", "required", "dependentRequired", "title", "description", "default",
            "deprecated", "readOnly", "writeOnly", "examples", "format", "contentEncoding", "contentMediaType",
            "contentSchema", "definitions", "dependencies", "$recursiveRef", "$recursiveAnchor", "nullable",
            "additionalItems", "id", "example", "discriminator");
    /** Keywords whose value is a map of names to subschemas. */
    private static final Set<String> SCHEMA_MAPS = Set.of("properties", "patternProperties", "$defs", "definitions",
            "dependentSchemas");
    /** Keywords whose value is a subschema. */
    private static final Set<String> SCHEMAS = Set.of("not", "if", "then", "else", "items", "contains",
            "additionalProperties", "propertyNames", "unevaluatedItems", "unevaluatedProperties", "contentSchema");
    /** Keywords whose value is a list of subschemas. */
    private static final Set<String> SCHEMA_LISTS = Set.of("allOf", "anyOf", "oneOf", "prefixItems");

    private static final Set<String> TYPES = Set.of("object", "array", "string", "number", "integer", "boolean",
            "null");

    private SchemaCheck() {
    }

    /**
     * The first thing wrong with a tool's parameter schema (as plain values: maps, lists, strings,
     * numbers, booleans), as a sentence naming where; empty when nothing is. Cheap: no validator.
     */
    public static Optional<String> problem(Map<String, Object> schema) {
        List<String> problems = new ArrayList<>();
        walk(schema, "the schema", problems);
        return problems.stream().findFirst();
    }

    private static void walk(Object schema, String where, List<String> problems) {
        if (schema instanceof Boolean) {
            return;
        }
        if (!(schema instanceof Map<?, ?> map)) {
            problems.add(where + " is " + describe(schema) + ", not a schema (an object)");
            return;
        }
        for (Map.Entry<?, ?> keyword : map.entrySet()) {
            String name = String.valueOf(keyword.getKey());
            Object value = keyword.getValue();
            if (!KEYWORDS.contains(name)) {
                // other keywords (x-vendor, older drafts, OpenAPI's) are ignored by validators and
                // allowed here; one a letter or two from a known keyword is a typo that would be ignored
                Nearest.to(name, KEYWORDS).filter(known -> !name.startsWith("x-")).ifPresent(known -> problems.add(
                        where + " has the keyword '" + name + "', which JSON Schema does not know (did you mean '"
                                + known + "'?); it would be ignored"));
            } else if (SCHEMA_MAPS.contains(name)) {
                if (value instanceof Map<?, ?> schemas) {
                    schemas.forEach((key, sub) -> walk(sub, where(where, name, String.valueOf(key)), problems));
                } else {
                    problems.add(where + " '" + name + "' is " + describe(value) + ", not an object of schemas");
                }
            } else if (SCHEMAS.contains(name)) {
                walk(value, where + " '" + name + "'", problems);
            } else if (SCHEMA_LISTS.contains(name)) {
                if (value instanceof List<?> list) {
                    for (int i = 0; i < list.size(); i++) {
                        walk(list.get(i), where + " '" + name + "'[" + i + "]", problems);
                    }
                } else {
                    problems.add(where + " '" + name + "' is " + describe(value) + ", not a list of schemas");
                }
            } else if (name.equals("type")) {
                List<?> types = value instanceof List<?> list ? list : List.of(String.valueOf(value));
                types.stream().map(String::valueOf).filter(type -> !TYPES.contains(type)).findFirst().ifPresent(
                        type -> problems.add(where + " has the type '" + type + "', which is not a JSON type ("
                                + String.join(", ", TYPES.stream().sorted().toList()) + ")"
                                + Nearest.to(type, TYPES).map(t -> "; did you mean '" + t + "'?").orElse("")));
            } else if (name.equals("required") && !(value instanceof List<?> list
                    && list.stream().allMatch(String.class::isInstance))) {
                problems.add(where + " 'required' is " + describe(value) + ", not a list of property names");
            }
        }
        Object properties = map.get("properties");
        boolean closed = Boolean.FALSE.equals(map.get("additionalProperties")) && !map.containsKey("patternProperties");
        if (closed && map.get("required") instanceof List<?> required) {
            for (Object name : required) {
                if (!(properties instanceof Map<?, ?> known && known.containsKey(name))) {
                    problems.add(where + " requires '" + name + "', which is not among its properties, and allows "
                            + "no others: no call can match it");
                }
            }
        }
    }

    private static String describe(Object value) {
        return value == null ? "null" : value instanceof String text ? "the text '" + text + "'"
                : value instanceof List<?> ? "a list" : value instanceof Map<?, ?> ? "an object" : "the value " + value;
    }

    private static String where(String parent, String keyword, String name) {
        return keyword.equals("properties") ? "property '" + name + "'" + (parent.equals("the schema") ? ""
                : " of " + parent) : parent + " '" + keyword + "." + name + "'";
    }
}
