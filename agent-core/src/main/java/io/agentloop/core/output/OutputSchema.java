package io.agentloop.core.output;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.agentloop.api.AgentException;
import io.agentloop.api.run.RunResult;
import java.lang.reflect.Type;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What a run's answer must be: a JSON value valid under a JSON Schema (draft 2020-12), made from a
 * Java type ({@link TypeSchema}) or given as it is. The run asks the provider to hold the model to
 * it where the provider can (see {@link io.agentloop.api.model.ChatOptions#responseSchema()}),
 * checks the answer, and sends an answer that does not match back to the model with the violations.
 *
 * <pre>{@code
 * record Capital(String country, String city) {}
 * Capital capital = agent.run("The capital of France?", Capital.class);
 * }</pre>
 */
public final class OutputSchema {
    private static final SchemaRegistry SCHEMAS = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
    private static final Schema META_SCHEMA = SCHEMAS.getSchema(
            SchemaLocation.of(SpecificationVersion.DRAFT_2020_12.getDialectId()));
    private static final JsonMapper JSON = JsonMapper.builder().build();
    /** A JSON value wrapped in a Markdown code block, as models like to write it. */
    private static final Pattern FENCED = Pattern.compile("(?s)^```[a-zA-Z]*\\s*\\n(.*?)\\n?```$");

    /** A class's schema is compiled once (and forgotten with the class, a plugin's too). */
    private static final ClassValue<OutputSchema> BY_CLASS = new ClassValue<>() {
        @Override
        protected OutputSchema computeValue(Class<?> type) {
            return new OutputSchema(TypeSchema.of(type), Optional.of(type));
        }
    };

    private final Map<String, Object> schema;
    private final Schema compiled;
    private final Optional<Type> type;

    private OutputSchema(Map<String, Object> schema, Optional<Type> type) {
        this.schema = Map.copyOf(schema);
        this.type = type;
        JsonNode node = JSON.valueToTree(schema);
        List<Error> problems = META_SCHEMA.validate(node);
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("the output schema is not valid JSON Schema (draft 2020-12): "
                    + problems);
        }
        this.compiled = SCHEMAS.getSchema(node);
    }

    /**
     * The schema of {@code type}; answers convert to it.
     *
     * @throws IllegalArgumentException when the type has no schema (the message names the part)
     */
    public static OutputSchema of(Type type) {
        return type instanceof Class<?> c ? BY_CLASS.get(c) : new OutputSchema(TypeSchema.of(type), Optional.of(type));
    }

    /**
     * A schema as it is.
     *
     * @throws IllegalArgumentException when it is not valid JSON Schema
     */
    public static OutputSchema of(Map<String, Object> schema) {
        return new OutputSchema(Objects.requireNonNull(schema, "schema"), Optional.empty());
    }

    public Map<String, Object> schema() {
        return schema;
    }

    /** The Java type answers convert to, when the schema was made from one. */
    public Optional<Type> type() {
        return type;
    }

    /** What an answer's check found. */
    public sealed interface Check {
        /** @param value the answer as Java values (maps, lists, strings, numbers, booleans, null) */
        record Valid(Object value) implements Check {
        }

        /** @param violations what is wrong, for the model and for the error of a run that gives up */
        record Invalid(String violations) implements Check {
        }
    }

    /** Checks an answer's text: a JSON value (also inside a Markdown code block) valid under the schema. */
    public Check check(String answer) {
        String text = answer.strip();
        Matcher fenced = FENCED.matcher(text);
        if (fenced.matches()) {
            text = fenced.group(1).strip();
        }
        JsonNode node;
        try {
            node = JSON.readTree(text);
        } catch (JacksonException e) {
            return new Check.Invalid("the answer is not JSON (" + e.getOriginalMessage() + ")");
        }
        if (node == null || node.isMissingNode()) {
            return new Check.Invalid("the answer is empty");
        }
        List<Error> errors = compiled.validate(node);
        if (!errors.isEmpty()) {
            return new Check.Invalid(String.join("; ", errors.stream().map(Error::toString).toList()));
        }
        if (type.isPresent()) {
            try {
                JSON.convertValue(node, JSON.constructType(type.get()));
            } catch (JacksonException | IllegalArgumentException e) {
                return new Check.Invalid("the answer does not fit " + type.get().getTypeName() + ": "
                        + unfit(e));
            }
        }
        return new Check.Valid(JSON.convertValue(node, Object.class));
    }

    /** Where a value did not fit the Java type and why, for the model: a number too big for an {@code int}. */
    private static String unfit(Exception e) {
        if (!(e instanceof JacksonException j)) {
            return e.getMessage();
        }
        String why = j.getOriginalMessage();
        if (!j.getPath().isEmpty()) {
            StringBuilder at = new StringBuilder("$");
            for (JacksonException.Reference part : j.getPath()) {
                at.append(part.getPropertyName() != null ? "." + part.getPropertyName() : "[" + part.getIndex() + "]");
            }
            return at + ": " + why;
        }
        return why;
    }

    /** The answer of a run held to a schema, or the run's failure (or why there is no answer) thrown. */
    public static Object required(RunResult result) {
        if (result.output().isPresent()) {
            return result.output().get();
        }
        throw result.error().orElseGet(() -> new AgentException("the run ended ("
                + result.reason().map(Enum::name).orElse(result.state().name()) + ") without an answer that matches "
                + "the output schema"));
    }

    /** Converts a valid answer to {@code target}. */
    public static <T> T convert(Object value, Class<T> target) {
        return JSON.convertValue(value, target);
    }
}
