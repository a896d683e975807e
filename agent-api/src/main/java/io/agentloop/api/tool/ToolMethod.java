package io.agentloop.api.tool;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Makes a public method of a plain object a tool: the platform derives the tool's name, description
 * and argument schema from the method, and calls it with the arguments the model sent, converted to
 * the parameter types. Parameters are named by {@link Param} (or by the compiler's {@code
 * -parameters}); their types make the schema: strings, numbers, booleans, enums, lists, sets, maps
 * with string keys, records (objects), arrays, and {@code Optional} for a parameter the model may
 * leave out. The method returns a {@code String}, a {@link ToolResult}, nothing, or any value (sent
 * as JSON); what it throws is the call's failure.
 *
 * <pre>{@code
 * public final class Weather {
 *     record Place(String city, Optional<String> country) {}
 *
 *     @ToolMethod(description = "Today's forecast for a place.", readOnly = true)
 *     public String forecast(@Param(name = "place", description = "where") Place place,
 *                            @Param(name = "unit") Unit unit) { ... }
 * }
 *
 * Agent agent = Agent.builder().model(model).tools(AnnotatedTools.from(new Weather())).build();
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface ToolMethod {

    /** The tool's name; the method's name when empty. */
    String name() default "";

    /** What the tool does, for the model. Required: a tool without one is rarely called well. */
    String description();

    /** The tool only reads (see {@link Tool#readOnly()}). */
    boolean readOnly() default false;
}
