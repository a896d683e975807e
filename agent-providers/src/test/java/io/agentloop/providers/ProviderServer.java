package io.agentloop.providers;

import io.agentloop.api.model.ChatModel;
import io.agentloop.api.model.ModelConfig;
import io.agentloop.api.model.ModelProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLSocketFactory;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A MockWebServer on loopback and a model of one provider pointed at it. Close it after the test. */
public final class ProviderServer implements AutoCloseable {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    public final MockWebServer server = new MockWebServer();

    public ProviderServer() {
        this(null);
    }

    /** A server speaking https with the certificate behind {@code tls} (null: plain http). */
    public ProviderServer(SSLSocketFactory tls) {
        if (tls != null) {
            server.useHttps(tls);
        }
        try {
            server.start(0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public ProviderServer enqueue(MockResponse response) {
        server.enqueue(response);
        return this;
    }

    /** A model at this server; {@code settings} are extra settings (key, stream, timeouts...). */
    public ChatModel model(ModelProvider provider, String model, String basePath, Map<String, String> settings) {
        Map<String, String> all = new HashMap<>(settings);
        String base = server.url(basePath).toString();
        all.put("base-url", base.endsWith("/") ? base.substring(0, base.length() - 1) : base);
        all.putIfAbsent("api-key", "test-key");
        return provider.create(new ModelConfig(model, all));
    }

    /** The next request the server received, with its body parsed. */
    public Received take() {
        try {
            RecordedRequest request = server.takeRequest(10, TimeUnit.SECONDS);
            if (request == null) {
                throw new AssertionError("the server received no request");
            }
            return new Received(request, JSON.readTree(request.getBody().utf8()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** A request as received. */
    public record Received(RecordedRequest request, JsonNode body) {
        public String header(String name) {
            return request.getHeaders().get(name);
        }

        public String path() {
            return request.getUrl().encodedPath();
        }
    }

    @Override
    public void close() {
        server.close();
    }
}
