package io.agentloop.tools.web;

import io.agentloop.api.permission.Access;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * {@code fetch}: an HTTP(S) GET turned into text. Off by default (it is not a registered built-in;
 * the launcher adds it when configured). Every hop, redirects included, must be to an allowed host
 * whose addresses are all public (unless private ones are allowed); the body is read up to a cap;
 * only text types are returned, HTML as plain text.
 */
public final class FetchTool implements Tool {
    static final int MAX_REDIRECTS = 5;

    private static final ToolSpec SPEC = ToolSpec.builder("fetch")
            .description("Fetch a web page or text document with HTTP GET and return it as text (HTML is converted). "
                    + "Only some hosts are allowed.")
            .stringParameter("url", "the http:// or https:// address", true)
            .build();

    private final FetchSettings settings;
    private final HttpClient client;

    public FetchTool(FetchSettings settings) {
        this.settings = settings;
        this.client = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(settings.timeout()).build();
    }

    @Override
    public ToolSpec spec() {
        return SPEC;
    }

    @Override
    public boolean readOnly() {
        return true;
    }

    @Override
    public List<Access> accesses(ToolArguments arguments) {
        return parse(arguments.requireString("url")).map(uri -> List.<Access>of(new Access.Host(uri.getHost())))
                .orElse(List.of());
    }

    @Override
    public ToolResult execute(ToolArguments arguments, ToolContext context) throws IOException, InterruptedException {
        String asked = arguments.requireString("url");
        URI uri = parse(asked).orElse(null);
        if (uri == null) {
            return ToolResult.failure(ToolResult.Failure.INVALID_ARGUMENTS, "'" + asked + "' is not an http:// or "
                    + "https:// URL with a host");
        }
        for (int hop = 0; hop <= MAX_REDIRECTS; hop++) {
            Optional<ToolResult.Failure> refused = check(uri);
            if (refused.isPresent()) {
                return refused.get();
            }
            HttpRequest request = HttpRequest.newBuilder(uri).GET().timeout(settings.timeout())
                    .header("Accept", "text/html, text/plain, application/json, text/*;q=0.8")
                    .header("User-Agent", "agentloop-fetch").build();
            HttpResponse<InputStream> response = client.send(request, HttpResponse.BodyHandlers.ofInputStream());
            int status = response.statusCode();
            if (status >= 300 && status < 400 && response.headers().firstValue("location").isPresent()) {
                response.body().close();
                uri = uri.resolve(response.headers().firstValue("location").get());
                continue;
            }
            return read(uri, response);
        }
        return ToolResult.failure("too_many_redirects", "'" + asked + "' redirected more than " + MAX_REDIRECTS + " times");
    }

    private Optional<ToolResult.Failure> check(URI uri) {
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            return Optional.of(denied(uri + " is not http or https"));
        }
        String host = uri.getHost();
        if (host == null || !settings.allows(host)) {
            return Optional.of(denied("the host " + host + " is not in the fetch allowlist " + settings.allowedHosts()
                    + " (configure tools.fetch.allow-hosts)"));
        }
        if (!settings.allowPrivate()) {
            try {
                for (InetAddress address : InetAddress.getAllByName(host)) {
                    if (!PublicAddresses.isPublic(address)) {
                        return Optional.of(denied(host + " resolves to " + address.getHostAddress()
                                + ", a private or local address; fetch only contacts public addresses"));
                    }
                }
            } catch (UnknownHostException e) {
                return Optional.of(new ToolResult.Failure("unknown_host", "the host " + host + " could not be resolved"));
            }
        }
        return Optional.empty();
    }

    private ToolResult read(URI uri, HttpResponse<InputStream> response) throws IOException {
        byte[] body;
        boolean cut;
        try (InputStream in = response.body()) {
            body = in.readNBytes(settings.maxBytes());
            cut = in.read() >= 0;
        }
        String type = response.headers().firstValue("content-type").orElse("text/plain").toLowerCase(Locale.ROOT);
        int status = response.statusCode();
        if (!(type.startsWith("text/") || type.contains("json") || type.contains("xml") || type.contains("javascript"))) {
            return new ToolResult.Failure("not_text", uri + " returned " + type + ", not text; fetch only returns text");
        }
        String text = new String(body, charset(type));
        if (type.contains("html")) {
            text = HtmlText.of(text);
        }
        if (status >= 400) {
            return new ToolResult.Failure("http_" + status, uri + " answered HTTP " + status + ": "
                    + text.substring(0, Math.min(500, text.length())));
        }
        String header = "HTTP " + status + " " + uri + " (" + type.split(";")[0] + ", " + body.length + " bytes"
                + (cut ? ", cut at " + settings.maxBytes() + " bytes" : "") + ")\n\n";
        return new ToolResult.Success(header + text, Map.of("url", uri.toString(), "status", status,
                "contentType", type, "bytes", body.length, "truncated", cut));
    }

    private static Charset charset(String contentType) {
        int at = contentType.indexOf("charset=");
        if (at >= 0) {
            try {
                return Charset.forName(contentType.substring(at + 8).split(";")[0].replace("\"", "").strip());
            } catch (IllegalArgumentException e) {
                return StandardCharsets.UTF_8;
            }
        }
        return StandardCharsets.UTF_8;
    }

    private static Optional<URI> parse(String url) {
        try {
            URI uri = URI.create(url.strip());
            return uri.getHost() == null ? Optional.empty() : Optional.of(uri);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static ToolResult.Failure denied(String message) {
        return new ToolResult.Failure(ToolResult.Failure.DENIED, message);
    }
}
