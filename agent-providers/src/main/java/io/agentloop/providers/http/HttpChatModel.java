package io.agentloop.providers.http;

import io.agentloop.api.CancellationSignal;
import io.agentloop.api.model.ChatModel;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.model.ModelStream;
import io.agentloop.api.model.NonRetryableModelException;
import java.io.IOException;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * A chat model over HTTP in one wire format: encodes the request, posts it on the model's own
 * OkHttp client, and streams the decoded response (or replays a complete one as events when
 * streaming is off). Thread-safe; one instance serves concurrent runs.
 *
 * @param <U> the stream unit of the format
 */
public final class HttpChatModel<U> implements ChatModel {
    private final String name;
    private final ProviderSettings settings;
    private final ProviderInfo provider;
    private final WireFormat<U> format;
    private final HttpTransport transport;

    public HttpChatModel(String name, ProviderSettings settings, ProviderInfo provider, Map<String, String> headers,
                         WireFormat<U> format) {
        this.name = name;
        this.settings = settings;
        this.provider = provider;
        this.format = format;
        this.transport = new HttpTransport(settings, new HttpErrorMapper(provider, WireJson.MAPPER), headers);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public ModelStream stream(ChatRequest request, CancellationSignal cancellation) {
        byte[] body = WireJson.MAPPER.writeValueAsBytes(format.formatter().format(request));
        HttpTransport.Opened http = transport.post(format.url(settings.baseUrl(), settings.stream()), body,
                cancellation);
        if (settings.stream()) {
            return new HttpModelStream<>(http, format.reader(http.response().body().source()),
                    format.decoder(transport.errors()), transport.errors(), provider.displayName());
        }
        try (okhttp3.Response response = http.response()) {
            JsonNode whole = WireJson.MAPPER.readTree(response.body().string());
            return EventList.of(format.formatter().parse(whole));
        } catch (IOException e) {
            throw transport.errors().fromIo(e, http.call().isCanceled());
        } catch (JacksonException e) {
            throw new NonRetryableModelException(provider.displayName() + ": the response is not the JSON this "
                    + "format expects: " + e.getOriginalMessage(), e);
        }
    }

    /** The settings in effect (the key masked in its string form). */
    public ProviderSettings settings() {
        return settings;
    }
}
