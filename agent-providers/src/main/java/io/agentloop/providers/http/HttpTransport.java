package io.agentloop.providers.http;

import io.agentloop.api.CancellationSignal;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import okhttp3.Call;
import okhttp3.ConnectionPool;
import okhttp3.ConnectionSpec;
import okhttp3.Headers;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okio.Buffer;
import okio.BufferedSink;
import tools.jackson.core.JsonGenerator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One model's HTTP client: a single OkHttp client (so connections are pooled and reused) with
 * the configured timeouts, posting JSON and handing back the open response. Failures come back as
 * the core's exceptions through {@link HttpErrorMapper}. Headers, which carry keys, are never
 * logged.
 */
public final class HttpTransport {
    private static final Logger log = LoggerFactory.getLogger(HttpTransport.class);
    private static final MediaType JSON = MediaType.get("application/json");
    private static final int MAX_ERROR_BODY = 64 * 1024;
    /** How much of a web page that came back instead of a model response is quoted. */
    private static final int WEB_PAGE_HEAD = 200;

    private final OkHttpClient client;
    private final HttpErrorMapper errors;
    /** The model's own headers, checked once: every request starts from them. */
    private final Headers headers;

    /**
     * Loads and initialises the HTTP client's classes, without TLS. A launcher may call this early on
     * another thread to take that work off the first request's path.
     */
    public static void initialiseClient() {
        cleartext().build();
    }

    /** A client for plain http only: no TLS set up, redirects to https reported rather than followed. */
    private static OkHttpClient.Builder cleartext() {
        return new OkHttpClient.Builder().connectionSpecs(List.of(ConnectionSpec.CLEARTEXT)).followSslRedirects(false);
    }

    /**
     * Sets up, once per process, what every https transport shares: the platform's trust store and TLS
     * socket factory (reading the trust store costs tens of milliseconds). Like {@link #initialiseClient()},
     * for calling early on another thread; transports of https endpoints do it anyway.
     */
    public static void initialiseTls() {
        Shared.CLIENT.hashCode();
    }

    /** The client transports derive theirs from (lazily, on first use, thread-safe by class initialisation). */
    private static final class Shared {
        static final OkHttpClient CLIENT = new OkHttpClient();
    }

    public HttpTransport(ProviderSettings settings, HttpErrorMapper errors, Map<String, String> providerHeaders) {
        // An https endpoint's client derives from the shared one and keeps its TLS set-up; a plain http
        // one (a local server) needs no TLS at all. The pool and timeouts are this model's own.
        OkHttpClient.Builder builder = settings.baseUrl().regionMatches(true, 0, "https:", 0, 6)
                ? Shared.CLIENT.newBuilder() : cleartext();
        builder.connectTimeout(settings.connectTimeout())
                .readTimeout(settings.readTimeout())
                .writeTimeout(settings.connectTimeout())
                // Kept up to the calls expected at once (max-connections): a pool smaller than a burst of
                // concurrent runs closes the surplus as each call ends, and the next burst opens them again.
                // Calls are made with execute(), so OkHttp's Dispatcher (which limits only enqueued calls
                // per host) never holds one back.
                .connectionPool(new ConnectionPool(settings.maxConnections(), 5, TimeUnit.MINUTES))
                // A pooled connection the server dropped (it closes idle ones on its own clock) is replaced by a
                // fresh one within the call, without spending the run's retries. A fresh connection that fails is
                // tried on the host's next address if it has one, else the failure reaches the platform's retry
                // policy. The request may then reach the server twice, as it may on any retry: the APIs given an
                // idempotency key get the same key both times.
                .retryOnConnectionFailure(true);
        settings.callTimeout().ifPresent(builder::callTimeout);
        this.client = builder.build();
        this.errors = errors;
        java.util.LinkedHashMap<String, String> all = new java.util.LinkedHashMap<>(providerHeaders);
        all.putAll(settings.headers());
        this.headers = Headers.of(all);
    }

    /** An open, successful response and the call behind it (cancel the call to stop reading). */
    public record Opened(Call call, Response response) {
    }

    /**
     * Posts {@code body} to {@code url}. Cancelling {@code cancellation} cancels the call at once,
     * also before the response has started.
     *
     * @param body        writes the JSON to send
     * @param callHeaders headers of this call only (an idempotency key), on top of the model's own
     * @throws io.agentloop.api.model.ModelException for an error status or a failed connection
     */
    public Opened post(String url, JsonBody body, Map<String, String> callHeaders, CancellationSignal cancellation) {
        return post(HttpUrl.get(url), body, callHeaders, cancellation);
    }

    /** As {@link #post(String, JsonBody, Map, CancellationSignal)}, to a URL parsed once by the caller. */
    public Opened post(HttpUrl url, JsonBody body, Map<String, String> callHeaders, CancellationSignal cancellation) {
        WrittenBody written = new WrittenBody(body);
        Request.Builder request = new Request.Builder().url(url).headers(headers).post(written);
        callHeaders.forEach(request::header);
        Call call = client.newCall(request.build());
        CancellationSignal.Registration onCancel = cancellation.onCancel(call::cancel);
        if (log.isDebugEnabled()) {
            log.debug("POST {} ({} bytes)", url, written.contentLength());
        }
        Response response;
        try {
            response = call.execute();
        } catch (IOException e) {
            onCancel.close();
            throw errors.fromIo(e, call.isCanceled());
        }
        if (!response.isSuccessful()) {
            String errorBody;
            try (response) {
                errorBody = response.peekBody(MAX_ERROR_BODY).string();
            } catch (IOException | RuntimeException e) {
                errorBody = "";
            } finally {
                onCancel.close();
            }
            throw errors.fromResponse(response.code(), response::header, errorBody);
        }
        MediaType type = response.body().contentType();
        if (isWebPage(type)) {
            String head;
            try (response) {
                head = response.peekBody(WEB_PAGE_HEAD).string();
            } catch (IOException | RuntimeException e) {
                head = "";
            } finally {
                onCancel.close();
            }
            throw errors.notAModelResponse(url.toString(), response.code(), type.toString(), head);
        }
        // The registration stays: cancelling while the body streams cancels the call too.
        return new Opened(call, response);
    }

    /**
     * Whether a successful response is a web page (HTML or XHTML), which no model API sends: a captive
     * portal, a proxy's login page, or a base URL that points at a website or a web UI.
     */
    private static boolean isWebPage(MediaType type) {
        return type != null && (type.subtype().equalsIgnoreCase("html") || type.subtype().equalsIgnoreCase("xhtml+xml"));
    }

    /** Writes a request's JSON body. Called again if the request is sent again (a redirect). */
    @FunctionalInterface
    public interface JsonBody {
        void write(JsonGenerator out);
    }

    /**
     * A JSON body written before the request goes out, so its length is known (no chunked encoding).
     * Sending it moves its bytes into the connection, so their memory goes back to Okio's pool; a
     * second send (a redirect) writes the body again.
     */
    private static final class WrittenBody extends RequestBody {
        private final JsonBody writer;
        private final long length;
        private Buffer written;

        WrittenBody(JsonBody writer) {
            this.writer = writer;
            this.written = render(writer);
            this.length = written.size();
        }

        private static Buffer render(JsonBody writer) {
            Buffer buffer = new Buffer();
            try (JsonGenerator out = WireJson.generator(buffer.outputStream())) {
                writer.write(out);
            }
            return buffer;
        }

        @Override
        public MediaType contentType() {
            return JSON;
        }

        @Override
        public long contentLength() {
            return length;
        }

        @Override
        public void writeTo(BufferedSink sink) throws IOException {
            Buffer body = written != null ? written : render(writer);
            written = null;
            sink.write(body, body.size());
        }
    }

    public HttpErrorMapper errors() {
        return errors;
    }
}
