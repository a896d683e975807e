package io.agentloop.providers.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.model.NonRetryableModelException;
import io.agentloop.api.model.RetryableModelException;
import java.io.EOFException;
import java.util.Optional;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLPeerUnverifiedException;
import org.junit.jupiter.api.Test;

/**
 * The TLS failures a test server cannot easily stage, as the JDK and OkHttp raise them. (An
 * untrusted certificate is staged for real in {@code UntrustedCertificateTest}.)
 */
class HttpErrorMapperTest {
    private final HttpErrorMapper errors = new HttpErrorMapper(new ProviderInfo("openai", "OpenAI", Optional.empty()),
            "https://models.example.test/v1", WireJson.MAPPER);

    @Test
    void aCertificateForAnotherHostIsNotRetriedAndSaysWhatToCheck() {
        SSLPeerUnverifiedException wrongHost = new SSLPeerUnverifiedException(
                "Hostname models.example.test not verified: certificate: sha256/AAAA");

        assertThat(errors.fromIo(wrongHost, false)).isExactlyInstanceOf(NonRetryableModelException.class)
                .hasMessage("OpenAI: the server's TLS certificate could not be verified for "
                        + "https://models.example.test/v1 (Hostname models.example.test not verified: certificate: "
                        + "sha256/AAAA). Check the base URL, the system's CA certificates, and any proxy that "
                        + "intercepts TLS (its CA must be in the Java trust store)")
                .hasCause(wrongHost);
    }

    @Test
    void aHandshakeRefusedByTheServerIsNotRetried() {
        assertThat(errors.fromIo(new SSLHandshakeException("Received fatal alert: handshake_failure"), false))
                .isExactlyInstanceOf(NonRetryableModelException.class)
                .hasMessage("OpenAI: the TLS handshake with https://models.example.test/v1 failed (Received fatal "
                        + "alert: handshake_failure). Check the base URL and any proxy that intercepts TLS");
    }

    @Test
    void aHandshakeCutOffByTheNetworkIsRetried() {
        SSLHandshakeException cut = new SSLHandshakeException("Remote host terminated the handshake");
        cut.initCause(new EOFException("SSL peer shut down incorrectly"));

        assertThat(errors.fromIo(cut, false)).isInstanceOf(RetryableModelException.class);
    }
}
