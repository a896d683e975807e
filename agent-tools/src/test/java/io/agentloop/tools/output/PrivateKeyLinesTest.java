package io.agentloop.tools.output;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class PrivateKeyLinesTest {
    private static List<String> shown(String... lines) {
        PrivateKeyLines keys = new PrivateKeyLines();
        return List.of(lines).stream().map(keys::next).toList();
    }

    @Test
    void everyLineBetweenTheMarkersIsMaskedAndTheMarkersAndTheRestStay() {
        assertThat(shown("before", "-----BEGIN EC PRIVATE KEY-----", "Proc-Type: 4,ENCRYPTED", "MHcCAQEEIB",
                "-----END EC PRIVATE KEY-----", "after"))
                .containsExactly("before", "-----BEGIN EC PRIVATE KEY-----", "[REDACTED]", "[REDACTED]",
                        "-----END EC PRIVATE KEY-----", "after");
    }

    @Test
    void keyTextSharingAMarkersLineIsMasked() {
        assertThat(shown("key = \"-----BEGIN PRIVATE KEY-----MIIEvQ", "AAAA==-----END PRIVATE KEY-----\", next"))
                .containsExactly("key = \"-----BEGIN PRIVATE KEY-----[REDACTED]",
                        "[REDACTED]-----END PRIVATE KEY-----\", next");
        assertThat(shown("a -----BEGIN PRIVATE KEY-----MIIE-----END PRIVATE KEY----- b"))
                .containsExactly("a -----BEGIN PRIVATE KEY-----[REDACTED]-----END PRIVATE KEY----- b");
    }

    @Test
    void publicKeysAndCertificatesAreShown() {
        assertThat(shown("-----BEGIN PUBLIC KEY-----", "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE",
                "-----END PUBLIC KEY-----")).containsExactly("-----BEGIN PUBLIC KEY-----",
                "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE", "-----END PUBLIC KEY-----");
    }
}
