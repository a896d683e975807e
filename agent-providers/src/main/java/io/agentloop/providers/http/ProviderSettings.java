package io.agentloop.providers.http;

import io.agentloop.api.AgentException;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The HTTP settings of one model, made by its builder ({@link HttpModelBuilder}) from typed values or
 * from the map form, with the environment as fallback:
 * {@code base-url}, {@code api-key} (else the provider's key variable), {@code connect-timeout}
 * (10 s), {@code read-timeout} (120 s, the longest silence inside a response), {@code call-timeout}
 * (none), {@code stream} (true), {@code max-connections} ({@value #DEFAULT_MAX_CONNECTIONS}, the calls expected
 * at once: that many connections are kept open for reuse between calls),
 * {@code max-event-size} (16 MB, the largest line or event of a streamed response),
 * {@code max-response-size} (64 MB, the largest response that is not streamed) and
 * {@code header.<Name>} for extra headers. Durations read as {@code 250ms}, {@code 30s}, {@code 2m}
 * or ISO-8601 ({@code PT30S}); sizes as {@code 512kb}, {@code 16mb} or a number of bytes. A base URL
 * that is not an http or https URL, like a duration or size that is not one, is an
 * {@link AgentException} naming the setting. The key never appears in {@link #toString()}.
 *
 * <p>The size limits hold for the body as it arrives decompressed: a few hundred kilobytes of gzip
 * can inflate to hundreds of megabytes, and one line must never take the heap with it.
 */
public record ProviderSettings(String baseUrl, Optional<String> apiKey, Duration connectTimeout,
                               Duration readTimeout, Optional<Duration> callTimeout, boolean stream,
                               int maxConnections, long maxEventSize, long maxResponseSize,
                               Map<String, String> headers) {
    /** The default {@code max-event-size}: far above any model API's event, far below a heap. */
    public static final long DEFAULT_MAX_EVENT_SIZE = 16L << 20;
    /** The default {@code max-response-size}. */
    public static final long DEFAULT_MAX_RESPONSE_SIZE = 64L << 20;
    /**
     * The default {@code max-connections}. The pool never holds more than the calls that ran at once
     * opened, and closes each after 5 idle minutes, so a high ceiling costs nothing at low concurrency;
     * a low one (OkHttp's own is 5, this was once 64) closes the connections of a burst as it ends, and
     * the next burst opens them all again.
     */
    public static final int DEFAULT_MAX_CONNECTIONS = 1024;

    public ProviderSettings {
        Objects.requireNonNull(baseUrl, "baseUrl");
        Objects.requireNonNull(apiKey, "apiKey");
        Objects.requireNonNull(connectTimeout, "connectTimeout");
        Objects.requireNonNull(readTimeout, "readTimeout");
        Objects.requireNonNull(callTimeout, "callTimeout");
        if (maxConnections < 1) {
            throw new IllegalArgumentException("max-connections must be at least 1, not " + maxConnections);
        }
        checkedSize("max-event-size", maxEventSize);
        checkedSize("max-response-size", maxResponseSize);
        headers = Map.copyOf(headers);
    }

    /** The key, or a clear error naming where to put one. */
    public String requireKey(ProviderInfo provider) {
        return apiKey.orElseThrow(() -> new AgentException(provider.displayName() + " needs an API key: set "
                + provider.keyVariable().orElse("the api-key setting") + " in the environment, or the api-key "
                + "setting of the model"));
    }

    static Duration parseDuration(String key, String value) {
        String v = value.strip().toLowerCase(Locale.ROOT);
        try {
            if (v.startsWith("p")) {
                return Duration.parse(v.toUpperCase(Locale.ROOT));
            }
            if (v.endsWith("ms")) {
                return Duration.ofMillis(Long.parseLong(v.substring(0, v.length() - 2).strip()));
            }
            if (v.endsWith("s")) {
                return Duration.ofMillis((long) (Double.parseDouble(v.substring(0, v.length() - 1).strip()) * 1000));
            }
            if (v.endsWith("m")) {
                return Duration.ofSeconds(Long.parseLong(v.substring(0, v.length() - 1).strip()) * 60);
            }
            return Duration.ofMillis((long) (Double.parseDouble(v) * 1000));
        } catch (RuntimeException e) {
            throw new AgentException("setting " + key + "='" + value + "' is not a duration; write it like 250ms, "
                    + "30s, 2m or PT30S");
        }
    }

    /**
     * A size in bytes: {@code 512kb}, {@code 16mb}, {@code 1gb} (units of 1024) or a plain number of
     * bytes, at most 1 GB (what is read is held in memory, and a Java string holds no more).
     */
    static long size(String key, String value) {
        String v = value.strip().toLowerCase(Locale.ROOT).replace(" ", "");
        int shift = v.endsWith("gb") ? 30 : v.endsWith("mb") ? 20 : v.endsWith("kb") ? 10 : 0;
        String number = shift > 0 ? v.substring(0, v.length() - 2)
                : v.endsWith("b") ? v.substring(0, v.length() - 1) : v;
        try {
            long n = Long.parseLong(number);
            if (n > 0 && n <= (1L << 30 >> shift)) {
                return n << shift;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new AgentException("setting " + key + "='" + value + "' is not a size from 1 byte to 1gb; write it "
                + "like 512kb, 16mb or a number of bytes");
    }

    /** {@code bytes} when it is a size from 1 byte to 1 GB, else an error naming the setting. */
    static long checkedSize(String key, long bytes) {
        if (bytes < 1 || bytes > 1L << 30) {
            throw new IllegalArgumentException(key + " must be from 1 byte to 1 GB, not " + bytes + " bytes");
        }
        return bytes;
    }

    /** A size as people write it: {@code 16 MB}, {@code 256 KB}, or bytes when not a whole number of either. */
    public static String sizeText(long bytes) {
        if (bytes >= 1 << 20 && bytes % (1 << 20) == 0) {
            return (bytes >> 20) + " MB";
        }
        if (bytes >= 1 << 10 && bytes % (1 << 10) == 0) {
            return (bytes >> 10) + " KB";
        }
        return bytes + " bytes";
    }

    static int positiveInt(String key, String value) {
        try {
            int n = Integer.parseInt(value.strip());
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new AgentException("setting " + key + "='" + value + "' must be a positive whole number");
    }

    @Override
    public String toString() {
        return "ProviderSettings[baseUrl=" + baseUrl + ", apiKey=" + (apiKey.isPresent() ? "(set)" : "(none)")
                + ", connectTimeout=" + connectTimeout + ", readTimeout=" + readTimeout + ", callTimeout="
                + callTimeout + ", stream=" + stream + ", maxConnections=" + maxConnections + ", maxEventSize="
                + sizeText(maxEventSize) + ", maxResponseSize=" + sizeText(maxResponseSize) + ", headers="
                + headers.keySet() + "]";
    }
}
