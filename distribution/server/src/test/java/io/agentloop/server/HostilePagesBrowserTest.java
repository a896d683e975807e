package io.agentloop.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Web pages of other sites against a server started without a token, in a real browser: a page of
 * another origin (a second loopback site) and a page on a made-up name that Chromium resolves to
 * 127.0.0.1 (DNS rebinding) try every way a page has to read the runs, sessions and approvals, to
 * approve a waiting call for good and to start a run. Nothing of it gets through: the call still
 * waits, no decision reaches the backend (where the launcher would write an {@code always} rule),
 * no run starts. The address the server printed, with its token, opens the console.
 */
class HostilePagesBrowserTest {
    private static final Path SCREENSHOTS = Path.of(System.getProperty("basedir", "."))
            .resolve("target/console-screenshots");
    private static final String REBOUND = "rebound.test";

    @TempDir
    Path root;
    TestBackend backend;
    AgentServer server;
    Client owner;
    HostileSite site;
    HeadlessChromium browser;
    String test;
    String run;
    String call;
    String session;

    @BeforeEach
    void start(TestInfo info) {
        test = info.getTestMethod().orElseThrow().getName();
        backend = new TestBackend(root.resolve("sessions"));
        server = AgentServer.start(ServerSettings.local(root.resolve("workspaces"), root.resolve("data")), backend);
        owner = new Client(server.address(), server.madeToken());
        site = new HostileSite(server.port());
        browser = HeadlessChromium.start(root.resolve("chromium profile"), SCREENSHOTS,
                List.of("--host-resolver-rules=MAP " + REBOUND + " 127.0.0.1"));

        run = owner.post("/v1/runs", "{\"task\": \"call:deploy answer:Shipped.\"}").body().get("id").asString();
        owner.eventsUntil(run, "waiting");
        call = waitingCall();
        session = owner.get("/v1/runs/" + run).body().get("session").asString();
    }

    @AfterEach
    void stop() {
        try {
            if (browser != null) {
                browser.close();
            }
        } finally {
            site.close();
            server.close();
        }
    }

    @Test
    void aPageOfAnotherOriginStartsReadsAndApprovesNothing() {
        String log = attack("http://127.0.0.1:" + site.port(), "http://127.0.0.1:" + server.port());

        assertNothingGotThrough(log);
    }

    @Test
    void aPageOnARenamedAddressStartsReadsAndApprovesNothing() {
        String log = attack("http://" + REBOUND + ":" + site.port(), "");

        assertNothingGotThrough(log);
    }

    @Test
    void theAddressPrintedAtStartOpensTheConsoleWhichListsTheRuns() {
        browser.open(server.consoleAddress());

        browser.awaitText("#runs [data-run-id='" + run + "'][data-state=waiting]", "waiting");
        browser.awaitText("#agent", "default");
        assertThat(browser.driver().getCurrentUrl()).isEqualTo(server.address() + "/")
                .doesNotContain(server.madeToken().orElseThrow());
        assertThat(browser.script("return sessionStorage.getItem('agentloop.token')"))
                .isEqualTo(server.madeToken().orElseThrow());
        assertThat(browser.find("#notice").isDisplayed()).isFalse();
        assertThat(browser.pageErrors()).isEmpty();
        browser.screenshot(test);

        // without it, the same page is refused and says where the token is
        browser.script("sessionStorage.clear()");
        browser.open(server.address() + "/");
        browser.awaitText("#notice", "#token=");
    }

    /** Opens the hostile page at {@code site}, aiming at {@code target}, and returns what it noted once it is done. */
    private String attack(String site, String target) {
        browser.open(site + HostileSite.PAGE + "?target=" + encode(target) + "&run=" + encode(run) + "&call="
                + encode(call));
        browser.await("body[data-done=yes]");
        browser.screenshot(test);
        return browser.find("#log").getText();
    }

    private void assertNothingGotThrough(String log) {
        assertThat(log).as("what the page noted").contains("read runs: ", "start form: ")
                .doesNotContain(run, session, "deploy", "\"runs\"", "\"sessions\"", "<html");
        // the call still waits, nothing decided it: no rule could be written
        JsonNode state = owner.get("/v1/runs/" + run).body();
        assertThat(state.get("state").asString()).as(log).isEqualTo("waiting");
        assertThat(waitingCall()).isEqualTo(call);
        assertThat(backend.decisions).as(log).isEmpty();
        assertThat(backend.deploy.calls()).isEmpty();
        // and nothing started
        assertThat(owner.get("/v1/runs").body().get("runs")).as(log).hasSize(1);
        assertThat(backend.started).as(log).hasValue(1);
        assertThat(backend.sessions().list()).hasSize(1);
    }

    private String waitingCall() {
        JsonNode approvals = owner.get("/v1/runs/" + run + "/approvals").body().get("approvals");
        assertThat(approvals).hasSize(1);
        return approvals.get(0).get("id").asString();
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }
}
