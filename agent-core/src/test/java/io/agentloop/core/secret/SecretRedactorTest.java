package io.agentloop.core.secret;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class SecretRedactorTest {
    private final SecretRedactor redactor = SecretRedactor.of(Map.of("DEPLOY_TOKEN", "d3pl0y-very-secret-value",
            "HOME", "/home/someone", "SHORT_KEY", "abc"));

    @Test
    void wellKnownKeyShapesAreMasked() {
        assertThat(redactor.apply("key sk-proj-AbCdEfGhIjKlMnOpQrStUv and AKIAABCDEFGHIJKLMNOP"))
                .isEqualTo("key [REDACTED] and [REDACTED]");
        assertThat(redactor.apply("ghp_abcdefghijklmnopqrstuvwxyz0123456789")).isEqualTo("[REDACTED]");
        assertThat(redactor.apply("jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N"))
                .isEqualTo("jwt [REDACTED]");
        assertThat(redactor.apply("-----BEGIN RSA PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY-----"))
                .isEqualTo("[REDACTED]");
    }

    @Test
    void theStartOrTheEndOfAKeyBlockIsMaskedWhenTheOtherIsNotInTheText() {
        SecretRedactor redactor = SecretRedactor.shapes();

        assertThat(redactor.apply("$ head -4 deploy.pem\n-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\n"
                + "MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo\nQ2hhbmdlTWVQbGVhc2U=\nexit code 0"))
                .isEqualTo("$ head -4 deploy.pem\n[REDACTED]\nexit code 0");
        assertThat(redactor.apply("the tail:\r\nMIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo\r\nQ2hhbmdlTWU=\r\n"
                + "-----END OPENSSH PRIVATE KEY-----\r\ndone")).isEqualTo("the tail:\r\n[REDACTED]\r\ndone");
        assertThat(redactor.apply("it ends with\n-----END PRIVATE KEY-----"))
                .isEqualTo("it ends with\n-----END PRIVATE KEY-----");
    }

    @Test
    void valuesAfterSecretNamesAndBearerTokensAreMaskedInTextAndInJson() {
        assertThat(redactor.apply("curl -H 'Authorization: Bearer abcdef1234567890'"))
                .isEqualTo("curl -H 'Authorization: Bearer [REDACTED]'");
        assertThat(redactor.apply("db password=hunter2hunter2 user=bob")).isEqualTo("db password=[REDACTED] user=bob");
        assertThat(redactor.apply("{\"api_key\": \"plainlongvalue123\"}")).isEqualTo("{\"api_key\": \"[REDACTED]\"}");
        assertThat(redactor.apply("{\"text\":\"{\\\"token\\\":\\\"zzzzzzzzzzzz\\\"}\"}"))
                .isEqualTo("{\"text\":\"{\\\"token\\\":\\\"[REDACTED]\\\"}\"}");
    }

    @Test
    void valuesOfCredentialVariablesAreMaskedWhereverTheyAppear() {
        assertThat(redactor.apply("pushing with d3pl0y-very-secret-value now")).isEqualTo("pushing with [REDACTED] now");
        assertThat(redactor.apply("home is /home/someone, key abc")).isEqualTo("home is /home/someone, key abc");
    }

    @Test
    void ordinaryTextIsLeftAlone() {
        String text = "The token count was 1200; keys of the map are sorted. password policy: see the wiki.";
        assertThat(SecretRedactor.shapes().apply(text)).isEqualTo(text);
    }
}
