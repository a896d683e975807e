package io.agentloop.tools.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.testkit.TestToolContext;
import java.net.InetAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import okhttp3.Dns;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class FetchToolTest {
    MockWebServer server = new MockWebServer();
    final TestToolContext context = new TestToolContext();

    @BeforeEach
    void start() throws Exception {
        server.start(InetAddress.getLoopbackAddress(), 0);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private static ToolResult fetch(FetchTool tool, String url) throws Exception {
        return tool.execute(ToolArguments.of(Map.of("url", url)), new TestToolContext());
    }

    private FetchTool allowingLoopback(int maxBytes) {
        return new FetchTool(new FetchSettings(List.of("127.0.0.1", "localhost"), true, maxBytes, Duration.ofSeconds(10)));
    }

    @Test
    void fetchesHtmlAsText() throws Exception {
        server.enqueue(new MockResponse.Builder().setHeader("Content-Type", "text/html; charset=utf-8")
                .body("<html><head><style>p{}</style><script>alert(1)</script></head><body><h1>Title</h1>"
                        + "<p>Fish &amp; chips</p></body></html>").build());

        ToolResult result = fetch(allowingLoopback(10_000), server.url("/page").toString());

        assertThat(result.isError()).isFalse();
        assertThat(result.content()).startsWith("HTTP 200 http://localhost:").endsWith("\n\nTitle\nFish & chips")
                .doesNotContain("alert");
    }

    @Test
    void aLongFetchShowsEachHopAndHowMuchHasComeButTheModelGetsOnlyThePage() throws Exception {
        server.enqueue(new MockResponse.Builder().code(301).setHeader("Location", "/long").build());
        server.enqueue(new MockResponse.Builder().setHeader("Content-Type", "text/plain")
                .body("x".repeat(3 * FetchTool.PROGRESS_STEP + 10)).build());
        String url = server.url("/start").toString();

        ToolResult result = allowingLoopback(1_000_000).execute(ToolArguments.of(Map.of("url", url)), context);

        String base = url.substring(0, url.length() - "/start".length());
        assertThat(context.outputPieces()).containsExactly(
                "HTTP 301 from " + url + ": redirected to /long\n",
                "HTTP 200 from " + base + "/long (" + (3 * FetchTool.PROGRESS_STEP + 10) + " bytes)\n",
                "received " + FetchTool.PROGRESS_STEP + " bytes\n",
                "received " + 2 * FetchTool.PROGRESS_STEP + " bytes\n",
                "received " + 3 * FetchTool.PROGRESS_STEP + " bytes\n");
        assertThat(result.content()).startsWith("HTTP 200 " + base + "/long (text/plain, "
                + (3 * FetchTool.PROGRESS_STEP + 10) + " bytes)\n\nxxx").doesNotContain("received");
    }

    @Test
    void privateAddressesAreRefusedUnlessAllowed() throws Exception {
        FetchTool strict = new FetchTool(FetchSettings.allowing(List.of("*")));

        ToolResult result = fetch(strict, server.url("/").toString());

        assertThat(result.content()).isEqualTo("Error (denied): localhost resolves to 127.0.0.1, a private or local "
                + "address; fetch only contacts public addresses");
        assertThat(server.getRequestCount()).isZero();
        assertThat(PublicAddresses.isPublic(InetAddress.getByName("169.254.169.254"))).isFalse();
        assertThat(PublicAddresses.isPublic(InetAddress.getByName("10.1.2.3"))).isFalse();
        assertThat(PublicAddresses.isPublic(InetAddress.getByName("100.64.0.1"))).isFalse();
        assertThat(PublicAddresses.isPublic(InetAddress.getByName("fd00::1"))).isFalse();
        assertThat(PublicAddresses.isPublic(InetAddress.getByName("::ffff:127.0.0.1"))).isFalse();
        assertThat(PublicAddresses.isPublic(InetAddress.getByName("93.184.216.34"))).isTrue();
    }

    @Test
    void hostsOutsideTheAllowlistAreRefusedAlsoAfterARedirect() throws Exception {
        FetchTool onlyExample = new FetchTool(new FetchSettings(List.of("*.example.com"), true, 1000, Duration.ofSeconds(5)));
        assertThat(fetch(onlyExample, server.url("/").toString()).content())
                .startsWith("Error (denied): the host localhost is not in the fetch allowlist [*.example.com]");

        server.enqueue(new MockResponse.Builder().code(302).setHeader("Location", "http://localhost.invalid/next").build());
        ToolResult redirected = fetch(allowingLoopback(1000), server.url("/start").toString());
        assertThat(redirected.content()).startsWith("Error (denied): the host localhost.invalid is not in the fetch allowlist");
    }

    @Test
    void bodiesAreCappedAndNonTextIsRefused() throws Exception {
        server.enqueue(new MockResponse.Builder().setHeader("Content-Type", "text/plain").body("x".repeat(5000)).build());
        server.enqueue(new MockResponse.Builder().setHeader("Content-Type", "image/png").body("PNG").build());
        server.enqueue(new MockResponse.Builder().code(404).setHeader("Content-Type", "text/plain").body("gone").build());
        FetchTool tool = allowingLoopback(100);

        ToolResult capped = fetch(tool, server.url("/big").toString());
        assertThat(capped.content()).contains("100 bytes, cut at 100 bytes");
        assertThat(((ToolResult.Success) capped).data()).containsEntry("truncated", true);
        assertThat(fetch(tool, server.url("/img").toString()).content()).contains("returned image/png, not text");
        assertThat(fetch(tool, server.url("/gone").toString()).content()).contains("Error (http_404)").contains("gone");
        assertThat(fetch(tool, "file:///etc/passwd").content()).startsWith("Error (invalid_arguments)");
    }

    @Test
    void aHopConnectsToTheAddressItCheckedWithoutLookingTheHostUpAgain() throws Exception {
        try (MockWebServer rebound = startedAt("127.0.0.2", server.getPort())) {
            server.enqueue(text("the checked server"));
            rebound.enqueue(text("the rebound server"));
            ScriptedDns dns = new ScriptedDns(server.getSocketAddress().getAddress(), InetAddress.getByName("127.0.0.2"));

            ToolResult result = fetch(new FetchTool(allowingPinnedTest(), dns), "http://pinned.test:" + server.getPort() + "/page");

            assertThat(result.content()).endsWith("the checked server");
            assertThat(server.getRequestCount()).isEqualTo(1);
            assertThat(server.takeRequest().getHeaders().get("Host")).isEqualTo("pinned.test:" + server.getPort());
            assertThat(rebound.getRequestCount()).isZero();
            assertThat(dns.asked()).containsExactly("pinned.test");
        }
    }

    @Test
    void aRedirectHopIsLookedUpOnceAndGoesToTheAddressItsOwnCheckApproved() throws Exception {
        try (MockWebServer rebound = startedAt("127.0.0.2", server.getPort())) {
            String next = "http://pinned.test:" + server.getPort() + "/next";
            server.enqueue(new MockResponse.Builder().code(302).setHeader("Location", next).build());
            server.enqueue(text("the first hop's server again"));
            rebound.enqueue(text("the second hop's server"));
            InetAddress first = server.getSocketAddress().getAddress();
            ScriptedDns dns = new ScriptedDns(first, InetAddress.getByName("127.0.0.2"), first);

            ToolResult result = fetch(new FetchTool(allowingPinnedTest(), dns), "http://pinned.test:" + server.getPort() + "/start");

            assertThat(result.content()).startsWith("HTTP 200 " + next).endsWith("the second hop's server");
            assertThat(server.getRequestCount()).isEqualTo(1);
            assertThat(rebound.getRequestCount()).isEqualTo(1);
            assertThat(dns.asked()).containsExactly("pinned.test", "pinned.test");
        }
    }

    @Test
    void everyAddressOfAHostIsCheckedNotOnlyTheFirst() throws Exception {
        Dns mixed = host -> List.of(InetAddress.getByName("93.184.216.34"), InetAddress.getByName("10.0.0.1"));
        FetchTool strict = new FetchTool(FetchSettings.allowing(List.of("pinned.test")), mixed);

        assertThat(fetch(strict, "https://pinned.test/").content()).isEqualTo("Error (denied): pinned.test resolves to "
                + "10.0.0.1, a private or local address; fetch only contacts public addresses");
    }

    @Test
    void cancellingTheRunStopsAFetchWaitingForItsResponse() throws Exception {
        TestToolContext cancelled = new TestToolContext();
        server.setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                cancelled.cancel();
                return text("too late");
            }
        });

        ToolResult result = allowingLoopback(1000).execute(ToolArguments.of(Map.of("url", server.url("/slow").toString())),
                cancelled);

        assertThat(result.content()).startsWith("Error (cancelled): the run was cancelled; the fetch of ");
    }

    private static FetchSettings allowingPinnedTest() {
        return new FetchSettings(List.of("pinned.test"), true, 10_000, Duration.ofSeconds(10));
    }

    private static MockWebServer startedAt(String address, int port) throws Exception {
        MockWebServer started = new MockWebServer();
        started.start(InetAddress.getByName(address), port);
        return started;
    }

    private static MockResponse text(String body) {
        return new MockResponse.Builder().setHeader("Content-Type", "text/plain").body(body).build();
    }

    /**
     * DNS that answers the n-th lookup of any name with the n-th scripted address (the last one for
     * every lookup after), as a rebinding name server would, and remembers what it was asked.
     */
    private static final class ScriptedDns implements Dns {
        private final List<InetAddress> answers;
        private final List<String> asked = new ArrayList<>();

        ScriptedDns(InetAddress... answers) {
            this.answers = List.of(answers);
        }

        @Override
        public synchronized List<InetAddress> lookup(String host) {
            asked.add(host);
            return List.of(answers.get(Math.min(asked.size(), answers.size()) - 1));
        }

        synchronized List<String> asked() {
            return List.copyOf(asked);
        }
    }
}
