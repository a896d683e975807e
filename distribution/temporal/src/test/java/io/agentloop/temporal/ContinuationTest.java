package io.agentloop.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** A run that continues as new goes on under the terms it had come to, not only those it started with. */
class ContinuationTest {
    @Test
    void theAllowRulesSaidAlwaysToBeforeTheRunContinuedHoldInTheNewRunsOrder() {
        JsonNode order = Wire.read("{\"run_id\": \"r\", \"agent\": \"default\", \"task\": \"t\", \"mode\": \"ask\","
                + " \"allow\": [\"read(*)\"], \"workspace\": \"/w\"}");
        ObjectNode terms = Wire.object().put("mode", "ask").put("workspace", "/w");
        terms.putArray("allow").add("read(*)").add("write(out.txt)");

        JsonNode next = Wire.read(Continuation.order(order, terms, Wire.JSON.createArrayNode(), List.of(), List.of(),
                List.of(), Wire.object(), 0, Optional.empty()));

        List<String> allow = new ArrayList<>();
        next.path("allow").forEach(rule -> allow.add(rule.asString()));
        assertThat(allow).containsExactly("read(*)", "write(out.txt)");
        assertThat(next.path("mode").asString()).isEqualTo("ask");
        assertThat(next.path("workspace").asString()).isEqualTo("/w");
        assertThat(next.path("task").asString()).isEqualTo("t");
        assertThat(next.path("carried").isObject()).isTrue();
    }
}
