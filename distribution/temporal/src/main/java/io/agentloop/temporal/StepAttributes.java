package io.agentloop.temporal;

import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The attributes hooks keep for a run ({@link io.agentloop.api.hook.HookContext#attributes()}),
 * carried from step to step: each step runs in a context of its own, on any worker, so what one
 * hook noted in a step (long-term memory's recall noting an untrusted note, which its auto-save
 * after the run must know) goes back with the step's outcome and out with every later step. Only
 * values JSON holds as they are (text, whole and decimal numbers, true or false) are carried, each
 * read back as the type it was written as; others stay in their step.
 */
final class StepAttributes {
    private final ObjectNode values = Wire.object();

    /** {@code step} with the run's attributes, for the worker to hand the step's hooks. */
    ObjectNode into(ObjectNode step) {
        if (!values.isEmpty()) {
            step.set("attributes", values.deepCopy());
        }
        return step;
    }

    /** Takes the attributes a step's outcome (or an earlier run of the workflow) carries. */
    void from(JsonNode out) {
        out.path("attributes").properties().forEach(entry -> values.set(entry.getKey(), entry.getValue()));
    }

    /** The attributes, for a run that continues as new. */
    ObjectNode values() {
        return values;
    }

    /** On the worker: the step's attributes into its run context's. */
    static void load(JsonNode step, Map<String, Object> attributes) {
        step.path("attributes").properties().forEach(entry -> {
            JsonNode typed = entry.getValue();
            Object value = typed.has("string") ? typed.get("string").asString()
                    : typed.has("boolean") ? (Object) typed.get("boolean").asBoolean()
                    : typed.has("int") ? (Object) typed.get("int").asInt()
                    : typed.has("long") ? (Object) typed.get("long").asLong()
                    : typed.has("double") ? (Object) typed.get("double").asDouble() : null;
            if (value != null) {
                attributes.put(entry.getKey(), value);
            }
        });
    }

    /** On the worker: the run context's attributes JSON can carry, for the step's outcome. */
    static ObjectNode save(Map<String, Object> attributes) {
        ObjectNode saved = Wire.object();
        attributes.forEach((key, value) -> {
            switch (value) {
                case String text -> saved.putObject(key).put("string", text);
                case Boolean flag -> saved.putObject(key).put("boolean", flag);
                case Integer number -> saved.putObject(key).put("int", number);
                case Long number -> saved.putObject(key).put("long", number);
                case Double number -> saved.putObject(key).put("double", number);
                default -> {
                    // not carried: a value JSON would not give back as it was
                }
            }
        });
        return saved;
    }
}
