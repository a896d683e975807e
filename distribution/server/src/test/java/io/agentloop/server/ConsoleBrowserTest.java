package io.agentloop.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.server.users.ServerToken;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;

/**
 * The web console in a real browser against a real server: a run started, watched, approved and
 * cancelled by clicking; a model's markup shown as text; the page at a phone's width and a laptop's.
 * Screenshots are kept in {@code target/console-screenshots/}.
 */
class ConsoleBrowserTest {
    private static final Path SCREENSHOTS = Path.of(System.getProperty("basedir", "."))
            .resolve("target/console-screenshots");

    @TempDir
    Path root;
    TestBackend backend;
    AgentServer server;
    Client client;
    HeadlessChromium browser;
    String test;

    @BeforeEach
    void start(TestInfo info) {
        test = info.getTestMethod().orElseThrow().getName();
        backend = new TestBackend(root.resolve("sessions"));
        server = AgentServer.start(ServerSettings.local(root.resolve("work spaces"), root.resolve("data")), backend);
        client = new Client(server.address(), server.madeToken());
        browser = HeadlessChromium.start(root.resolve("chromium profile"), SCREENSHOTS);
    }

    @AfterEach
    void stop() {
        if (browser == null) { // it could not start: the test failed saying why
            server.close();
            return;
        }
        try {
            assertThat(browser.pageErrors()).as("scripts that failed or what the page's policy refused").isEmpty();
        } finally {
            try {
                browser.close();
            } finally {
                server.close();
            }
        }
    }

    @Test
    void aRunStartedFromThePageStreamsItsTextAndToolCall() {
        browser.open(server.consoleAddress());
        browser.awaitText("#agent", "reviewer");
        browser.find("#task").sendKeys("call:look answer:Everything I looked at is in order.");
        new Select(browser.find("#agent")).selectByValue("reviewer");
        new Select(browser.find("#mode")).selectByValue("");
        browser.find("#start").click();

        WebElement call = browser.awaitText("#timeline [data-kind=tool][data-status=ok]", "look");
        assertThat(call.findElement(By.cssSelector(".call-arguments")).getText()).isEqualTo("{}");
        assertThat(call.findElement(By.cssSelector(".call-result")).getText()).isEqualTo("seen");
        WebElement text = browser.awaitText("#timeline [data-kind=text]", "Everything I looked at is in order.");
        browser.awaitText("#run-state", "completed");
        browser.screenshot(test);

        // each word came as its own event, and was added to the page as it came
        assertThat((Long) browser.script("return arguments[0].childNodes.length", text)).isEqualTo(7);
        assertThat(browser.find("#run-answer").getText()).isEqualTo("Everything I looked at is in order.");
        String id = browser.find("#run-view").getDomAttribute("data-run-id");
        assertThat(client.get("/v1/runs/" + id).body().get("agent").asString()).isEqualTo("reviewer");
        browser.awaitText("#runs [data-run-id='" + id + "'][data-state=completed]", "completed");
        assertThat(browser.driver().getCurrentUrl()).endsWith("#run=" + id);
        WebElement agent = browser.awaitText("#agent-states li[data-state=completed] .run-task", "agent");
        assertThat(client.get("/v1/agents/states").body().get("agents").toString()).as("the Agents section")
                .contains(agent.findElement(By.xpath("..")).getDomAttribute("data-run-id"));
    }

    @Test
    void aToolsOutputIsShownWhileItRunsAndItsResultReplacesIt() {
        browser.open(server.consoleAddress());
        startFromThePage("call:build answer:Built it.");

        WebElement call = browser.awaitText("#timeline [data-kind=tool][data-status=running]", "build");
        browser.awaitText("#timeline [data-kind=tool] .call-output", "compiling");
        assertThat(call.findElement(By.cssSelector(".call-result")).isDisplayed()).isFalse();
        backend.buildGate.countDown();

        WebElement done = browser.awaitText("#timeline [data-kind=tool][data-status=ok]", "build");
        assertThat(done.findElement(By.cssSelector(".call-result")).getText()).isEqualTo("compiling\nlinking\nbuilt");
        assertThat(done.findElement(By.cssSelector(".call-output")).isDisplayed()).isFalse();
        browser.awaitText("#run-state", "completed");
    }

    @Test
    void aPendingCallIsApprovedByClickingAndTheRunCompletes() {
        browser.open(server.consoleAddress());
        startFromThePage("call:deploy answer:Shipped it.");

        WebElement pending = browser.awaitText("#pending .pending-call", "deploy");
        browser.awaitText("#run-state", "waiting");
        browser.awaitText("#timeline [data-kind=tool][data-status=pending]", "waiting for approval");
        assertThat(backend.deploy.calls()).isEmpty();
        browser.screenshot(test + "-waiting");

        pending.findElement(By.cssSelector("[data-action=approve]")).click();

        browser.awaitText("#run-state", "completed");
        browser.awaitText("#run-answer", "Shipped it.");
        WebElement call = browser.awaitText("#timeline [data-kind=tool][data-status=ok]", "deploy");
        assertThat(call.findElement(By.cssSelector(".call-result")).getText()).isEqualTo("deployed");
        assertThat(browser.driver().findElements(By.cssSelector("#pending .pending-call"))).isEmpty();
        assertThat(backend.deploy.calls()).hasSize(1);
        browser.screenshot(test + "-completed");
    }

    @Test
    void aPendingCallIsDeniedByClickingAndNeverRuns() {
        browser.open(server.consoleAddress());
        startFromThePage("call:deploy answer:Not shipped.");
        browser.awaitText("#pending .pending-call", "deploy").findElement(By.cssSelector("[data-action=deny]")).click();

        browser.awaitText("#run-state", "completed");
        browser.awaitText("#run-answer", "Not shipped.");
        WebElement call = browser.awaitText("#timeline [data-kind=tool][data-status=failed]", "deploy");
        assertThat(call.findElement(By.cssSelector(".call-result")).getText()).containsIgnoringCase("denied");
        assertThat(backend.deploy.calls()).isEmpty();
        browser.screenshot(test);
    }

    @Test
    void aRunIsCancelledByClicking() {
        browser.open(server.consoleAddress());
        startFromThePage("call:wait");
        browser.awaitText("#timeline [data-kind=tool][data-status=running]", "wait");
        browser.awaitText("#run-state", "running");
        String id = browser.find("#run-view").getDomAttribute("data-run-id");

        browser.find("#cancel").click();

        browser.awaitText("#run-state", "cancelled");
        browser.awaitText("#runs [data-run-id='" + id + "'][data-state=cancelled]", "cancelled");
        assertThat(client.get("/v1/runs/" + id).body().get("state").asString()).isEqualTo("cancelled");
        assertThat(browser.find("#cancel").isEnabled()).isFalse();
        browser.screenshot(test);
    }

    @Test
    void aBrokenEventStreamGoesOnFromTheLastEventThePageShowed() {
        try (CuttableProxy network = new CuttableProxy(() -> server.port())) {
            // the browser names the proxy in Host: a name the server is told to answer
            server.close();
            server = AgentServer.start(ServerSettings.local(root.resolve("work spaces"), root.resolve("data"))
                    .withAllowedHosts(List.of(network.authority())), backend);
            client = new Client(server.address(), server.madeToken());
            browser.open(network.address() + "/#token=" + server.madeToken().orElseThrow());
            startFromThePage("call:wait");
            browser.awaitText("#timeline [data-kind=tool][data-status=running]", "wait");
            String id = browser.find("#run-view").getDomAttribute("data-run-id");
            long shown = client.get("/v1/runs/" + id).body().get("last_event").asLong();

            network.cut();

            Pattern resumed = Pattern.compile("GET /v1/runs/" + id + "/events HTTP/1\\.1\r\n(?:[^\r\n]+\r\n)*?"
                    + "Last-Event-ID: (\\d+)\r\n", Pattern.CASE_INSENSITIVE);
            Matcher request = browser.waiting().withMessage("the page to ask for the events after the last it showed")
                    .until(d -> Optional.of(resumed.matcher(network.sent())).filter(Matcher::find).orElse(null));
            assertThat(Long.parseLong(request.group(1))).isEqualTo(shown);
            browser.await("#cancel:enabled").click();

            // the run's end came after the break, and shows
            browser.awaitText("#timeline [data-kind=run-state]", "cancelled");
            // nothing shown twice: the stream went on after the events the page had, not from the start
            assertThat(browser.driver().findElements(By.xpath("//*[@id='timeline']/li[contains(., 'init')]")))
                    .hasSize(1);
            assertThat(browser.driver().findElements(By.cssSelector("#timeline [data-kind=tool]"))).hasSize(1);
            browser.screenshot(test);
        }
    }

    @Test
    void markupFromTheModelIsShownAsTextAndNothingOfItRuns() {
        String markup = "<script>window.consoleInjected = 'script'</script> "
                + "<img src=x onerror=\"window.consoleInjected = 'img'\"> <b>bold</b>";
        browser.open(server.consoleAddress());
        startFromThePage("answer:" + markup);

        browser.awaitText("#run-state", "completed");
        browser.awaitText("#run-answer", markup);
        assertThat(browser.find("#timeline [data-kind=text]").getText()).isEqualTo(markup);
        assertThat(browser.find("#run-task").getText()).isEqualTo("answer:" + markup);
        assertThat(browser.find("#runs .run-task").getDomProperty("textContent")).isEqualTo("answer:" + markup);
        // no element came from the text, anywhere in the page, and no code of it ran
        assertThat((Long) browser.script("return document.querySelectorAll("
                + "'main script, main img, main b, #notice *').length")).isZero();
        assertThat(browser.script("return typeof window.consoleInjected")).isEqualTo("undefined");
        browser.screenshot(test);
    }

    @Test
    void thePageFitsAPhoneAndALaptop() {
        client.post("/v1/runs", "{\"task\": \"answer:An earlier run, done before the page opened.\"}");
        browser.open(server.consoleAddress());
        // a word longer than any screen is wide, which must wrap rather than widen the page
        startFromThePage("call:deploy answer:Shipped " + "unbroken".repeat(40));
        browser.awaitText("#pending .pending-call", "deploy");

        browser.viewport(390, 844);
        browser.awaitText("#run-state", "waiting");
        assertThat(horizontalOverflow()).as("page wider than a 390px phone").isZero();
        WebElement side = browser.find(".side");
        WebElement run = browser.find("#run-view");
        assertThat(run.getRect().getY()).as("the run below the list on a phone")
                .isGreaterThanOrEqualTo(side.getRect().getY() + side.getRect().getHeight());
        assertThat(browser.find("[data-action=approve]").getRect().getWidth()).isGreaterThanOrEqualTo(44);
        browser.screenshot(test + "-phone");
        browser.script("document.getElementById('run-view').scrollIntoView()");
        browser.screenshot(test + "-phone-run");

        browser.viewport(1366, 800);
        assertThat(horizontalOverflow()).as("page wider than a 1366px laptop").isZero();
        assertThat(run.getRect().getX()).as("the run beside the list on a laptop")
                .isGreaterThanOrEqualTo(side.getRect().getX() + side.getRect().getWidth());
        assertThat(run.getRect().getY()).isLessThan(side.getRect().getY() + side.getRect().getHeight());
        browser.screenshot(test + "-laptop");
    }

    @Test
    void aTokenGivenOnThePageIsSentAsAHeaderAndNeverInTheAddress() {
        server.close();
        server = AgentServer.start(ServerSettings.local(root.resolve("work spaces"), root.resolve("data"))
                .withTokens(List.of("console-secret")), backend);
        browser.open(server.consoleAddress());
        browser.awaitText("#notice", "needs a token");

        browser.find("#token").sendKeys("console-secret");
        browser.find("#token-save").click();
        browser.awaitText("#agent", "reviewer");
        startFromThePage("answer:Authorised.");
        browser.awaitText("#run-state", "completed");

        assertThat(browser.find("#notice").isDisplayed()).isFalse();
        assertThat(browser.driver().getCurrentUrl()).doesNotContain("console-secret");
        assertThat(browser.script("return sessionStorage.getItem('agentloop.token')")).isEqualTo("console-secret");
        assertThat(browser.script("return localStorage.length")).isEqualTo(0L);
        assertThat(browser.script("return document.cookie")).isEqualTo("");
    }

    @Test
    void anAdministratorsPageSaysWhoseEachRunIs() {
        server.close();
        server = AgentServer.start(ServerSettings.local(root.resolve("work spaces"), root.resolve("data"))
                .withNamedTokens(List.of(new ServerToken("alice", "alice-secret", ServerToken.Role.USER),
                        new ServerToken("ops", "ops-secret", ServerToken.Role.ADMIN))), backend);
        Client alice = new Client(server.address(), Optional.of("alice-secret"));
        String id = alice.post("/v1/runs", "{\"task\": \"answer:Mine.\"}").body().get("id").asString();
        alice.eventsUntil(id, "completed");
        browser.open(server.consoleAddress());
        browser.awaitText("#notice", "needs a token");

        browser.find("#token").sendKeys("ops-secret");
        browser.find("#token-save").click();

        browser.awaitText("#runs [data-run-id='" + id + "'] .run-meta", "alice");
        browser.screenshot(test);
    }

    private void startFromThePage(String task) {
        browser.awaitText("#agent", "default");
        browser.find("#task").sendKeys(task);
        browser.find("#start").click();
        browser.await("#run-view[data-run-id]:not([hidden])");
    }

    private long horizontalOverflow() {
        return (Long) browser.script("return Math.max(0, document.documentElement.scrollWidth "
                + "- document.documentElement.clientWidth)");
    }
}
