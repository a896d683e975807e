package io.agentloop.api.tool;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Names and describes a parameter of a {@link ToolMethod}, or a component of a record used as one.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.PARAMETER, ElementType.RECORD_COMPONENT})
public @interface Param {

    /** The argument's name; the parameter's compiled name (needs {@code -parameters}) when empty. */
    String name() default "";

    /** What the argument is, for the model. */
    String description() default "";
}
