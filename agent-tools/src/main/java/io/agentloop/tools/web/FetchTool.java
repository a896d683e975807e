package io.agentloop.tools.web;

import io.agentloop.api.CancellationSignal;
import io.agentloop.api.permission.Access;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;
import io.agentloop.tools.output.MaskedCut;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Proxy;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import okhttp3.Call;
import okhttp3.Dns;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;

/**
 * {@code fetch}: an HTTP(S) GET turned into text. Off by default (it is not a registered built-in;
 * the launcher adds it when configured). Every hop, redirects included, must be to an allowed host
 * whose addresses are all public (unless private ones are allowed), and connects to exactly the
 * addresses that were checked ({@link HostCheck}, {@link PinnedDns}); the body is read up to a
 * cap; only text types are returned, HTML as plain text. Whoever watches the run sees each hop's
 * status and, for a long body, how much has come ({@link ToolContext#output}).
 */
public final class FetchTool implements Tool {
    static final int MAX_REDIRECTS = 5;
    /** How many body bytes a fetch reads between two lines of progress. */
    static final int PROGRESS_STEP = 64 * 1024;

    private static final ToolSpec SPEC = ToolSpec.builder("fetch")
            .description("Fetch a web page or text document with HTTP GET and return it as text (HTML is converted). "
                    + "Only some hosts are allowed.")
            .stringParameter("url", "the http:// or https:// address", true)
            .build();

    private final FetchSettings settings;
    private final HostCheck hosts;
    private final OkHttpClient base;

    public FetchTool(FetchSettings settings) {
        this(settings, Dns.SYSTEM);
    }

    /** With {@code resolver} answering the hosts' lookups, so a test can script what DNS says. */
    FetchTool(FetchSettings settings, Dns resolver) {
        this.settings = settings;
        this.hosts = new HostCheck(settings, resolver);
        // Each hop's client derives from this one (sharing its pool and threads) and sets the pinned
        // Dns; this one resolves nothing. No proxy: a proxy would resolve the host again itself.
        this.base = new OkHttpClient.Builder()
                .dns(host -> {
                    throw new UnknownHostException(host + " was not checked for this fetch");
                })
                .proxy(Proxy.NO_PROXY)
                .followRedirects(false)
                .followSslRedirects(false)
                .connectTimeout(settings.timeout())
                .readTimeout(settings.timeout())
                .writeTimeout(settings.timeout())
                .build();
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
            HostCheck.Allowed allowed;
            switch (hosts.check(uri)) {
                case HostCheck.Refused refused -> {
                    return refused.failure();
                }
                case HostCheck.Allowed a -> allowed = a;
            }
            Request request = new Request.Builder().url(allowed.url()).get()
                    .header("Accept", "text/html, text/plain, application/json, text/*;q=0.8")
                    .header("User-Agent", "agentloop-fetch").build();
            Call call = base.newBuilder().dns(allowed.dns()).build().newCall(request);
            try (CancellationSignal.Registration ignored = context.cancellation().onCancel(call::cancel);
                    Response response = call.execute()) {
                int status = response.code();
                String location = response.header("Location");
                if (status >= 300 && status < 400 && location != null) {
                    progress(context, "HTTP " + status + " from " + uri + ": redirected to " + location);
                    uri = uri.resolve(location);
                    continue;
                }
                progress(context, "HTTP " + status + " from " + uri + response.header("Content-Length", "")
                        .transform(length -> length.isEmpty() ? "" : " (" + length + " bytes)"));
                return read(uri, response, context);
            } catch (IOException e) {
                if (context.cancellation().isCancelled()) {
                    return ToolResult.failure(ToolResult.Failure.CANCELLED, "the run was cancelled; the fetch of "
                            + uri + " was stopped");
                }
                if (Thread.interrupted()) {
                    InterruptedException interrupted = new InterruptedException("the fetch of " + uri + " was interrupted");
                    interrupted.initCause(e);
                    throw interrupted;
                }
                throw e;
            }
        }
        return ToolResult.failure("too_many_redirects", "'" + asked + "' redirected more than " + MAX_REDIRECTS + " times");
    }

    private ToolResult read(URI uri, Response response, ToolContext context) throws IOException {
        byte[] body;
        byte[] beyond; // read past the cap to mask before cutting: a key across the cap is masked or left out
        try (InputStream in = response.body().byteStream()) {
            body = readBody(in, context);
            beyond = in.readNBytes(MaskedCut.CONTEXT);
        }
        boolean cut = beyond.length > 0;
        String type = response.header("Content-Type", "text/plain").toLowerCase(Locale.ROOT);
        int status = response.code();
        if (!(type.startsWith("text/") || type.contains("json") || type.contains("xml") || type.contains("javascript"))) {
            return new ToolResult.Failure("not_text", uri + " returned " + type + ", not text; fetch only returns text");
        }
        String text = text(body, type);
        if (cut) {
            byte[] longer = Arrays.copyOf(body, body.length + beyond.length);
            System.arraycopy(beyond, 0, longer, body.length, beyond.length);
            text = MaskedCut.start(text, text(longer, type), context::redact);
        }
        if (status >= 400) {
            return new ToolResult.Failure("http_" + status, uri + " answered HTTP " + status + ": "
                    + MaskedCut.head(text, 500, context::redact));
        }
        String header = "HTTP " + status + " " + uri + " (" + type.split(";")[0] + ", " + body.length + " bytes"
                + (cut ? ", cut at " + settings.maxBytes() + " bytes" : "") + ")\n\n";
        return new ToolResult.Success(header + text, Map.of("url", uri.toString(), "status", status,
                "contentType", type, "bytes", body.length, "truncated", cut));
    }

    /**
     * The body up to the cap, read a {@link #PROGRESS_STEP} at a time so that whoever watches a long
     * fetch sees how far it got.
     */
    private byte[] readBody(InputStream in, ToolContext context) throws IOException {
        if (!context.outputWanted()) {
            return in.readNBytes(settings.maxBytes());
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        while (body.size() < settings.maxBytes()) {
            byte[] step = in.readNBytes(Math.min(PROGRESS_STEP, settings.maxBytes() - body.size()));
            body.write(step, 0, step.length);
            if (step.length < PROGRESS_STEP) {
                break; // the body ended, or the cap was reached: the result says which
            }
            progress(context, "received " + body.size() + " bytes");
        }
        return body.toByteArray();
    }

    /** One line of the fetch's progress, for whoever watches the run (never the model). */
    private static void progress(ToolContext context, String line) {
        if (context.outputWanted()) {
            context.output(line + "\n");
        }
    }

    private static String text(byte[] body, String type) {
        String text = new String(body, charset(type));
        return type.contains("html") ? HtmlText.of(text) : text;
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
}
