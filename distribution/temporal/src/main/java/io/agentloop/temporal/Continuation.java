package io.agentloop.temporal;

import io.agentloop.api.message.Message;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The order of a run that continues as a new workflow run: its own order, its terms as they are now
 * (the allow rules said "always" to during the run among them), and what it did so far under
 * {@code carried}: the outcomes its loop was handed ({@link ContinuingEffects}), its events and
 * record lines (so whoever follows it reads on from where they were), the hooks' attributes ({@link StepAttributes}), the input its loop started from (after
 * the pre-reply hooks, which do not run again), when its loop started and when its time is up.
 */
final class Continuation {
    private Continuation() {
    }

    static String order(JsonNode order, ObjectNode terms, ArrayNode outcomes, List<Message> input, List<String> events,
                        List<String> journal, ObjectNode attributes,
                        long startedAt, Optional<Long> deadline) {
        ObjectNode next = (ObjectNode) order.deepCopy();
        next.setAll(terms.deepCopy());
        ObjectNode carried = next.putObject("carried");
        carried.set("outcomes", outcomes);
        carried.set("input", Wire.messages(input));
        events.forEach(carried.putArray("events")::add);
        journal.forEach(carried.putArray("journal")::add);
        carried.set("attributes", attributes.deepCopy());
        carried.put("started_ms", startedAt);
        deadline.ifPresent(at -> carried.put("deadline_ms", at));
        return next.toString();
    }
}
