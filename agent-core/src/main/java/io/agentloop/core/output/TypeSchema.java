package io.agentloop.core.output;

import io.agentloop.api.tool.Param;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The JSON Schema of a Java type, for tools' parameters ({@link io.agentloop.core.AnnotatedTools})
 * and structured answers ({@link OutputSchema}): strings, numbers, booleans, enums (their names),
 * lists and sets, maps with string keys, arrays, and records (an object with a property per
 * component, required unless it is an {@code Optional}, no other properties;
 * {@link Param#description()} on a component describes it). A record Jackson cannot reach on the
 * module path is refused here, before any value is read into it.
 *
 * <pre>{@code
 * record Step(String id, String description, List<String> dependsOn) {}
 * Map<String, Object> schema = TypeSchema.of(Step.class);
 * }</pre>
 */
public final class TypeSchema {
    private TypeSchema() {
    }

    /**
     * The schema of {@code type}.
     *
     * @throws IllegalArgumentException naming the part that has no schema and what to use instead
     */
    public static Map<String, Object> of(Type type) {
        return of(type, type.getTypeName());
    }

    /** As {@link #of(Type)}; {@code at} names where the type is, for errors. */
    public static Map<String, Object> of(Type type, String at) {
        return schema(type, at, new HashSet<>());
    }

    /** The JSON Schema of a Java type; {@code seen} stops a record that contains itself. */
    private static Map<String, Object> schema(Type type, String at, Set<Type> seen) {
        Map<String, Object> schema = new LinkedHashMap<>();
        if (type instanceof ParameterizedType p) {
            Class<?> raw = (Class<?>) p.getRawType();
            Type[] arguments = p.getActualTypeArguments();
            if (raw == Optional.class) {
                return schema(arguments[0], at, seen);
            }
            if (Collection.class.isAssignableFrom(raw)) {
                schema.put("type", "array");
                schema.put("items", schema(arguments[0], at, seen));
                if (Set.class.isAssignableFrom(raw)) {
                    schema.put("uniqueItems", true);
                }
                return schema;
            }
            if (Map.class.isAssignableFrom(raw)) {
                if (arguments[0] != String.class) {
                    throw unsupported(at, type, "a map needs String keys (JSON object names)");
                }
                schema.put("type", "object");
                schema.put("additionalProperties", schema(arguments[1], at, seen));
                return schema;
            }
            throw unsupported(at, type, "use a record, a list, a set, a map or Optional");
        }
        if (type instanceof GenericArrayType array) {
            schema.put("type", "array");
            schema.put("items", schema(array.getGenericComponentType(), at, seen));
            return schema;
        }
        if (!(type instanceof Class<?> c)) {
            throw unsupported(at, type, "type variables and wildcards have no schema: name a concrete type");
        }
        if (c == String.class || c == char.class || c == Character.class) {
            schema.put("type", "string");
        } else if (c == int.class || c == long.class || c == short.class || c == byte.class || c == Integer.class
                || c == Long.class || c == Short.class || c == Byte.class || c == BigInteger.class) {
            schema.put("type", "integer");
        } else if (c == double.class || c == float.class || c == Double.class || c == Float.class
                || c == BigDecimal.class) {
            schema.put("type", "number");
        } else if (c == boolean.class || c == Boolean.class) {
            schema.put("type", "boolean");
        } else if (c.isEnum()) {
            schema.put("type", "string");
            schema.put("enum", Arrays.stream(c.getEnumConstants()).map(e -> ((Enum<?>) e).name()).toList());
        } else if (c.isArray()) {
            schema.put("type", "array");
            schema.put("items", schema(c.getComponentType(), at, seen));
        } else if (c.isRecord()) {
            if (!seen.add(c)) {
                throw unsupported(at, type, "a record that contains itself has no finite schema");
            }
            ModuleAccess.requireJacksonReaches(c, "reads values into " + c.getName()
                    + (at.equals(c.getName()) ? "" : " (" + at + ")"));
            Map<String, Object> properties = new LinkedHashMap<>();
            List<String> required = new ArrayList<>();
            for (RecordComponent component : c.getRecordComponents()) {
                Param param = component.getAnnotation(Param.class);
                if (param != null && !param.name().isEmpty() && !param.name().equals(component.getName())) {
                    throw unsupported(at, type, "a record component is named by the record itself: drop @Param's "
                            + "name on " + component.getName());
                }
                Map<String, Object> property = schema(component.getGenericType(), at + "." + component.getName(),
                        seen);
                if (param != null && !param.description().isEmpty()) {
                    property.put("description", param.description());
                }
                properties.put(component.getName(), property);
                if (!isOptional(component.getGenericType())) {
                    required.add(component.getName());
                }
            }
            seen.remove(c);
            schema.put("type", "object");
            schema.put("properties", properties);
            schema.put("required", required);
            schema.put("additionalProperties", false);
        } else {
            throw unsupported(at, type, "use a string, number, boolean, enum, record, list, set, map or array");
        }
        return schema;
    }

    private static IllegalArgumentException unsupported(String at, Type type, String what) {
        return new IllegalArgumentException(at + " has the type " + type.getTypeName() + ", which has no JSON "
                + "Schema here: " + what);
    }

    /** Whether a parameter or component of this type may be left out ({@code Optional<...>}). */
    public static boolean isOptional(Type type) {
        return type instanceof java.lang.reflect.ParameterizedType p && p.getRawType() == java.util.Optional.class;
    }
}
