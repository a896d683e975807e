package io.agentloop.providers.http;

import io.agentloop.api.model.ContextLengthExceededException;
import io.agentloop.api.model.ModelException;
import io.agentloop.api.model.NonRetryableModelException;
import io.agentloop.api.model.RetryableModelException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateException;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Optional;
import java.util.function.UnaryOperator;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLPeerUnverifiedException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * The one place that turns HTTP failures into the core's exceptions, the way the official SDKs
 * decide: {@code x-should-retry} wins; otherwise 408, 409, 429, 5xx and 529 are retryable and the
 * other statuses are not. The server's wait is read from {@code retry-after-ms}, then
 * {@code retry-after} (seconds or an HTTP date). Messages carry the provider's own error text, and
 * for refused credentials say which variable to set. Context-length errors get their own type.
 * A certificate that cannot be verified is not retried: it fails the same way every time.
 */
public final class HttpErrorMapper {
    private static final int MAX_BODY_IN_MESSAGE = 500;

    private final ProviderInfo provider;
    private final String baseUrl;
    private final ObjectMapper json;

    /** @param baseUrl the endpoint, named in connection failures (it never holds a key) */
    public HttpErrorMapper(ProviderInfo provider, String baseUrl, ObjectMapper json) {
        this.provider = provider;
        this.baseUrl = baseUrl;
        this.json = json;
    }

    /**
     * An error response.
     *
     * @param headers looks up a response header by name (null when absent)
     */
    public ModelException fromResponse(int status, UnaryOperator<String> headers, String body) {
        ProviderError error = parse(body);
        String message = status == 413 ? tooLarge(error)
                : provider.displayName() + ": HTTP " + status + error.describe() + hint(status, headers);
        Boolean shouldRetry = parseBoolean(headers.apply("x-should-retry"));
        boolean retryable = shouldRetry != null ? shouldRetry : retryableStatus(status);
        if (retryable) {
            return new RetryableModelException(message, retryAfter(headers).orElse(null), null);
        }
        if (error.isContextLength()) {
            return new ContextLengthExceededException(message, null);
        }
        return new NonRetryableModelException(message);
    }

    /** An {@code error} event inside a 200 stream; its type or embedded status decides retry. */
    public ModelException fromStream(String body) {
        ProviderError error = parse(body);
        String message = provider.displayName() + ": error in the response stream" + error.describe();
        if (error.retryableKind()) {
            return new RetryableModelException(message);
        }
        if (error.isContextLength()) {
            return new ContextLengthExceededException(message, null);
        }
        return new NonRetryableModelException(message);
    }

    /**
     * A successful status whose body is not a model API's (a web page): the same every time, so not
     * retried; says what came back and where to look.
     *
     * @param head the first bytes of the body, as text
     */
    public ModelException notAModelResponse(String url, int status, String contentType, String head) {
        String shown = head.strip().replaceAll("\\s+", " ");
        return new NonRetryableModelException(provider.displayName() + ": " + url + " answered HTTP " + status + " with "
                + contentType + " instead of a model response"
                + (shown.isEmpty() ? "" : " (it begins: " + shown + ")")
                + ". The base URL " + baseUrl + " is probably wrong (a website or a web UI rather than the API), or a "
                + "captive portal or proxy answered in its place: check the provider's base-url and the network");
    }

    /**
     * A failure of the connection itself. Retryable, except a cancelled call, a refused TLS handshake
     * and a response past its size limit.
     */
    public ModelException fromIo(IOException e, boolean cancelled) {
        if (cancelled) {
            return new NonRetryableModelException(provider.displayName() + ": the call was cancelled", e);
        }
        if (e instanceof ResponseTooLargeException large) {
            // The same server would send the same response again: not retried.
            return new NonRetryableModelException(provider.displayName() + ": " + large.what() + " from " + baseUrl
                    + " is larger than " + ProviderSettings.sizeText(large.limit()) + " and was not read further. A "
                    + "model response this large is unusual: check the base URL and any proxy in between, or raise the "
                    + "model's " + large.setting() + " setting if it is expected", e);
        }
        if (certificateProblem(e)) {
            return new NonRetryableModelException(provider.displayName() + ": the server's TLS certificate could not "
                    + "be verified for " + baseUrl + " (" + e.getMessage() + "). Check the base URL, the system's CA "
                    + "certificates, and any proxy that intercepts TLS (its CA must be in the Java trust store)", e);
        }
        if (e instanceof SSLHandshakeException && !(e.getCause() instanceof IOException)) {
            // Refused in the negotiation itself (no common protocol or cipher, a fatal alert), not cut off.
            return new NonRetryableModelException(provider.displayName() + ": the TLS handshake with " + baseUrl
                    + " failed (" + e.getMessage() + "). Check the base URL and any proxy that intercepts TLS", e);
        }
        String what = switch (e) {
            case UnknownHostException u -> "cannot resolve the host (" + u.getMessage() + ")";
            case ConnectException c -> "cannot connect (" + c.getMessage() + ")";
            case SocketTimeoutException t -> "timed out (" + t.getMessage() + ")";
            case InterruptedIOException i -> "timed out (" + i.getMessage() + ")";
            default -> "the connection failed (" + e + ")";
        };
        return new RetryableModelException(provider.displayName() + ": " + what, null, e);
    }

    /** Whether a certificate was refused: untrusted, expired, or for another host name. */
    private static boolean certificateProblem(IOException e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof SSLPeerUnverifiedException || cause instanceof CertificateException
                    || cause instanceof CertPathValidatorException) {
                return true;
            }
        }
        return false;
    }

    private String tooLarge(ProviderError error) {
        String said = error.describe().isEmpty() ? "" : ":" + error.describe();
        return "the request is too large for " + provider.displayName() + " (HTTP 413)" + said
                + (said.endsWith(".") ? " " : ". ")
                + "Shorten the conversation or the tool output, or enable compaction (compaction.max-tokens)";
    }

    private String hint(int status, UnaryOperator<String> headers) {
        if ((status == 401 || status == 403) && provider.keyVariable().isPresent()) {
            return ". Check the API key: set " + provider.keyVariable().get()
                    + " (or the provider's api-key setting) to a valid key";
        }
        String location = headers.apply("Location");
        if (status >= 300 && status < 400 && location != null) {
            // A redirect that was not followed (from a plain http endpoint to https).
            return ". The endpoint redirects to " + location + ": set the provider's base-url to that address";
        }
        return "";
    }

    static boolean retryableStatus(int status) {
        return status == 408 || status == 409 || status == 429 || status >= 500;
    }

    private static Boolean parseBoolean(String value) {
        if (value == null) {
            return null;
        }
        return switch (value.strip().toLowerCase(Locale.ROOT)) {
            case "true" -> Boolean.TRUE;
            case "false" -> Boolean.FALSE;
            default -> null;
        };
    }

    static Optional<Duration> retryAfter(UnaryOperator<String> headers) {
        String millis = headers.apply("retry-after-ms");
        if (millis != null) {
            try {
                double ms = Double.parseDouble(millis.strip());
                if (ms >= 0) {
                    return Optional.of(Duration.ofNanos((long) (ms * 1_000_000)));
                }
            } catch (NumberFormatException ignored) {
                // fall through to retry-after
            }
        }
        String after = headers.apply("retry-after");
        if (after == null) {
            return Optional.empty();
        }
        try {
            double seconds = Double.parseDouble(after.strip());
            return seconds < 0 ? Optional.empty() : Optional.of(Duration.ofMillis((long) (seconds * 1000)));
        } catch (NumberFormatException notSeconds) {
            try {
                ZonedDateTime when = ZonedDateTime.parse(after.strip(), DateTimeFormatter.RFC_1123_DATE_TIME);
                Duration wait = Duration.between(ZonedDateTime.now(when.getZone()), when);
                return wait.isNegative() ? Optional.of(Duration.ZERO) : Optional.of(wait);
            } catch (RuntimeException notADate) {
                return Optional.empty();
            }
        }
    }

    /** What a provider's error body says, in any of the shapes providers use. */
    private record ProviderError(String message, String type, String code, Integer embeddedStatus) {
        String describe() {
            StringBuilder out = new StringBuilder();
            if (type != null) {
                out.append(" ").append(type);
            }
            if (code != null && !code.equals(type)) {
                out.append(type != null ? " (" + code + ")" : " " + code);
            }
            if (message != null && !message.isBlank()) {
                out.append(": ").append(message);
            }
            return out.toString();
        }

        boolean retryableKind() {
            if (embeddedStatus != null) {
                return retryableStatus(embeddedStatus);
            }
            String kind = (type != null ? type : "") + " " + (code != null ? code : "");
            return kind.contains("overloaded") || kind.contains("rate_limit") || kind.contains("api_error")
                    || kind.contains("server_error") || kind.contains("internal") || kind.contains("unavailable")
                    || kind.contains("RESOURCE_EXHAUSTED");
        }

        boolean isContextLength() {
            String text = ((code != null ? code : "") + " " + (message != null ? message : "")).toLowerCase(Locale.ROOT);
            return text.contains("context_length_exceeded") || text.contains("prompt is too long")
                    || text.contains("maximum context length") || text.contains("context window")
                    || text.contains("exceeds the context") || text.contains("input token count");
        }
    }

    private ProviderError parse(String body) {
        if (body == null || body.isBlank()) {
            return new ProviderError(null, null, null, null);
        }
        JsonNode root;
        try {
            root = json.readTree(body);
        } catch (RuntimeException notJson) {
            return new ProviderError(shorten(body.strip()), null, null, null);
        }
        JsonNode error = root.path("error");
        if (error.isString()) {
            return new ProviderError(error.asString(), null, null, null);
        }
        JsonNode source = error.isObject() ? error : root;
        String message = text(source.path("message"));
        String type = text(source.path("type"));
        if (type == null) {
            type = text(source.path("status"));
        }
        JsonNode codeNode = source.path("code");
        String code = codeNode.isString() ? codeNode.asString() : null;
        Integer status = null;
        if (source.path("status_code").isNumber()) {
            status = source.path("status_code").asInt();
        } else if (codeNode.isNumber()) {
            status = codeNode.asInt();
        }
        if (message == null) {
            message = shorten(body.strip());
        }
        return new ProviderError(message, type, code, status);
    }

    private static String text(JsonNode node) {
        return node.isString() ? node.asString() : null;
    }

    private static String shorten(String text) {
        return text.length() <= MAX_BODY_IN_MESSAGE ? text : text.substring(0, MAX_BODY_IN_MESSAGE) + "...";
    }
}
