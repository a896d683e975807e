package io.agentloop.api.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class CallAttemptTest {

    @Test
    void eachNewCallHasItsOwnVersion4KeyAndItsRetriesKeepIt() {
        Set<String> keys = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            CallAttempt first = CallAttempt.first();
            assertThat(first.idempotencyKey()).startsWith("agentloop-retry-");
            UUID uuid = UUID.fromString(first.idempotencyKey().substring("agentloop-retry-".length()));
            assertThat(uuid.version()).isEqualTo(4);
            assertThat(uuid.variant()).isEqualTo(2);
            keys.add(first.idempotencyKey());

            CallAttempt retry = first.next();
            assertThat(retry.idempotencyKey()).isEqualTo(first.idempotencyKey());
            assertThat(retry.retry()).isEqualTo(1);
        }
        assertThat(keys).hasSize(10_000);
    }
}
