package io.agentloop.providers.http;

import io.agentloop.api.CancellationSignal;
import io.agentloop.api.model.CallAttempt;
import io.agentloop.api.model.ChatModel;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.model.ModelStream;
import io.agentloop.api.model.NonRetryableModelException;
import java.io.IOException;
import java.util.Map;
import java.util.Optional;
import okhttp3.HttpUrl;
import okio.BufferedSource;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;

/**
 * A chat model over HTTP in one wire format: writes the request straight into its body, posts it on the model's own
 * OkHttp client, and streams the decoded response (or replays a complete one as events when
 * streaming is off: by the model's {@code stream} setting, unless the request's
 * {@link io.agentloop.api.model.ChatOptions#stream()} says). Thread-safe; one instance serves concurrent runs.
 *
 * <p>For the APIs given an idempotency header, every attempt of a call carries the call's key
 * ({@link CallAttempt}), the same on each retry, so a server that deduplicates can tell a retry of
 * a request it already ran from a new call.
 *
 * @param <U> the stream unit of the format
 */
public final class HttpChatModel<U> implements ChatModel {
    /**
     * The IETF draft's header for a call's key, the name the official SDKs' shared retry code takes
     * when a client turns keys on; a server that does not know it ignores it.
     */
    public static final String IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";

    private final String name;
    private final ProviderSettings settings;
    private final ProviderInfo provider;
    private final WireFormat<U> format;
    private final HttpTransport transport;
    private final Optional<String> idempotencyHeader;
    /** Where calls post, parsed once: streamed calls and whole ones (some APIs differ). */
    private final HttpUrl streamedUrl;
    private final HttpUrl wholeUrl;

    /** A model that sends no idempotency key. */
    public HttpChatModel(String name, ProviderSettings settings, ProviderInfo provider, Map<String, String> headers,
                         WireFormat<U> format) {
        this(name, settings, provider, headers, format, Optional.empty());
    }

    /** @param idempotencyHeader the header that carries each call's idempotency key, if the API takes one */
    public HttpChatModel(String name, ProviderSettings settings, ProviderInfo provider, Map<String, String> headers,
                         WireFormat<U> format, Optional<String> idempotencyHeader) {
        this.name = name;
        this.settings = settings;
        this.provider = provider;
        this.format = format;
        this.idempotencyHeader = idempotencyHeader;
        this.streamedUrl = HttpUrl.get(format.url(settings.baseUrl(), true));
        this.wholeUrl = HttpUrl.get(format.url(settings.baseUrl(), false));
        this.transport = new HttpTransport(settings, new HttpErrorMapper(provider, settings.baseUrl(), WireJson.MAPPER), headers);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Optional<String> provider() {
        return Optional.of(provider.id());
    }

    /** A call of one attempt (the platform's retries come through the other form). */
    @Override
    public ModelStream stream(ChatRequest request, CancellationSignal cancellation) {
        return stream(request, cancellation, CallAttempt.first());
    }

    @Override
    public ModelStream stream(ChatRequest request, CancellationSignal cancellation, CallAttempt attempt) {
        Map<String, String> callHeaders = idempotencyHeader.map(header -> Map.of(header, attempt.idempotencyKey()))
                .orElse(Map.of());
        // The run's choice (ChatOptions.stream) over the model's setting; the formatter decides alike.
        boolean streamed = request.options().stream().orElse(settings.stream());
        HttpTransport.Opened http = transport.post(streamed ? streamedUrl : wholeUrl,
                out -> format.formatter().write(request, out),
                callHeaders, cancellation);
        if (streamed) {
            return new HttpModelStream<>(http, format.reader(http.response().body().source(), settings.maxEventSize()),
                    format.decoder(transport.errors()), transport.errors(), provider.displayName());
        }
        try (okhttp3.Response response = http.response()) {
            BufferedSource source = response.body().source();
            // Refused once it passes max-response-size (it may inflate from gzip), before it is parsed.
            if (source.request(settings.maxResponseSize() + 1)) {
                throw new ResponseTooLargeException("the response", settings.maxResponseSize(), "max-response-size");
            }
            try (JsonParser in = JsonRead.parser(source.inputStream())) {
                return EventList.of(format.formatter().read(in));
            }
        } catch (IOException e) {
            throw transport.errors().fromIo(e, http.call().isCanceled());
        } catch (JacksonException e) {
            throw new NonRetryableModelException(provider.displayName() + ": the response is not the JSON this "
                    + "format expects: " + e.getOriginalMessage(), e);
        }
    }

    /** The wire format this model speaks (how it encodes requests and decodes responses). */
    public WireFormat<U> format() {
        return format;
    }

    /** The settings in effect (the key masked in its string form). */
    public ProviderSettings settings() {
        return settings;
    }
}
