package io.agentloop.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import tools.jackson.databind.json.JsonMapper;

/**
 * The console as a person reads it, in a real browser against a real server: what the token field
 * says, the activity without the agent's state moves, a session read and continued as a conversation,
 * each call's tokens and time, and a diff for a change waiting for approval. Screenshots are kept in
 * {@code target/console-screenshots/}.
 */
class ConsoleForPeopleBrowserTest {
    private static final Path SCREENSHOTS = Path.of(System.getProperty("basedir", "."))
            .resolve("target/console-screenshots");

    private static final String TIME = "\\d+(\\.\\d)? (ms|s)";

    @TempDir
    Path root;
    TestBackend backend;
    AgentServer server;
    HeadlessChromium browser;
    String test;

    @BeforeEach
    void start(TestInfo info) {
        test = info.getTestMethod().orElseThrow().getName();
        backend = new TestBackend(root.resolve("sessions"));
        browser = HeadlessChromium.start(root.resolve("chromium profile"), SCREENSHOTS);
    }

    @AfterEach
    void stop() {
        try {
            if (browser != null) { // null: it could not start, and the test failed saying why
                assertThat(browser.pageErrors()).as("scripts that failed or what the page's policy refused").isEmpty();
            }
        } finally {
            try {
                if (browser != null) {
                    browser.close();
                }
            } finally {
                if (server != null) {
                    server.close();
                }
            }
        }
    }

    @Test
    void theTokenFieldSaysATokenIsNeededAndTheErrorShowsOnce() {
        serve(List.of("console-secret"));
        browser.open(server.consoleAddress());

        browser.awaitText("#token-state", "needed");
        assertThat(browser.find("#token").getDomProperty("placeholder")).contains("needed");
        browser.awaitText("#notice", "needs a token");
        // said once: not the page's words and then the server's again
        assertThat(occurrences(pageText(), "needs a")).as(pageText()).isEqualTo(1);
        assertThat(browser.find("#notice").getText()).doesNotContain("Authorization");
        browser.screenshot(test + "-needed");

        browser.find("#token").sendKeys("not-the-secret");
        browser.find("#token-save").click();
        browser.awaitText("#token-state", "not taken");
        browser.awaitText("#notice", "does not take the token");
        assertThat(occurrences(pageText(), "does not take")).as(pageText()).isEqualTo(1);

        browser.find("#token").clear();
        browser.find("#token").sendKeys("console-secret");
        browser.find("#token-save").click();
        browser.awaitText("#token-state", "in use");
        browser.awaitText("#agent", "reviewer");
        assertThat(browser.find("#notice").isDisplayed()).isFalse();
        browser.screenshot(test + "-in-use");
    }

    @Test
    void theActivityShowsCallsAndAnswersWithTheStateMovesFoldedAway() {
        serve(List.of());
        browser.open(server.consoleAddress());
        startFromThePage("call:look answer:All in order.");
        browser.awaitText("#timeline [data-kind=run-state]", "completed");

        List<WebElement> moves = browser.driver().findElements(By.cssSelector("#timeline [data-kind=state]"));
        assertThat(moves).as("the agent's state moves, on record").isNotEmpty();
        assertThat(moves).noneMatch(WebElement::isDisplayed);
        String shown = browser.find("#timeline").getText();
        assertThat(shown).contains("look", "All in order.").doesNotContain("\u2192");
        browser.screenshot(test + "-folded");

        browser.find("#show-moves").click();
        assertThat(moves).allMatch(WebElement::isDisplayed);
        assertThat(browser.find("#timeline").getText()).contains("planning \u2192 executing");
        browser.screenshot(test + "-opened");
    }

    @Test
    void eachModelAndToolCallShowsItsTokensAndTime() {
        serve(List.of());
        browser.open(server.consoleAddress());
        startFromThePage("call:consult answer:Consulted.");
        browser.awaitText("#timeline [data-kind=run-state]", "completed");

        List<WebElement> models = browser.driver().findElements(By.cssSelector("#timeline [data-kind=model]"));
        assertThat(models).as("the two model calls of the run").hasSize(2);
        for (WebElement model : models) {
            assertThat(model.findElement(By.cssSelector(".call-usage")).getText()).isEqualTo("10 in \u00b7 5 out tokens");
            assertThat(model.findElement(By.cssSelector(".call-time")).getText()).matches(TIME);
        }
        WebElement tool = browser.awaitText("#timeline [data-kind=tool][data-status=ok]", "consult");
        assertThat(tool.findElement(By.cssSelector(".call-usage")).getText()).isEqualTo("30 in \u00b7 12 out tokens");
        assertThat(tool.findElement(By.cssSelector(".call-time")).getText()).matches(TIME);
        // in the order they happened: the model asked for the tool, the tool ran, the model answered
        assertThat(browser.find("#timeline").getText()).containsSubsequence("model call", "consult", "model call",
                "Consulted.");
        browser.screenshot(test);
    }

    @Test
    void aWriteOrEditWaitingForApprovalShowsItsDiff() throws IOException {
        serve(List.of());
        Path project = Files.createDirectories(root.resolve("work spaces/project"));
        Files.writeString(project.resolve("notes.txt"), "one\ntwo\nthree\n");
        Client client = new Client(server.address(), server.madeToken());
        String edit = startInProject(client, "call:edit{\"path\":\"notes.txt\",\"old_string\":\"two\\nthree\","
                + "\"new_string\":\"2\\nthree\\nfour\"}");
        String replace = startInProject(client, "call:write{\"path\":\"notes.txt\",\"content\":\"one\\n2\\nthree\\n\"}");
        String create = startInProject(client, "call:write{\"path\":\"fresh.txt\",\"content\":\"alpha\\n<b>beta</b>\\n\"}");
        browser.open(server.consoleAddress());

        assertThat(diffOf(edit)).as("an edit: its old text against its new")
                .containsExactly("- two", "+ 2", "  three", "+ four");
        browser.screenshot(test + "-edit");
        assertThat(diffOf(replace)).as("a write over a file: the file as it is against the new content")
                .containsExactly("  one", "- two", "+ 2", "  three");
        assertThat(browser.find("#pending .diff-head").getText()).contains("notes.txt", "+1", "\u22121",
                "replaces the file");
        browser.screenshot(test + "-write");
        assertThat(diffOf(create)).as("a new file: every line added").containsExactly("+ alpha", "+ <b>beta</b>");
        assertThat(browser.find("#pending .diff-head").getText()).contains("fresh.txt", "a new file");
        assertThat(browser.driver().findElements(By.cssSelector("#pending b"))).as("the content as text").isEmpty();
        browser.screenshot(test + "-new-file");
        assertThat(Files.readString(project.resolve("notes.txt"))).as("nothing ran before approval")
                .isEqualTo("one\ntwo\nthree\n");
    }

    @Test
    void aSessionReadsAsAConversationAndAMessageFromThePageContinuesIt() {
        serve(List.of());
        Client client = new Client(server.address(), server.madeToken());
        browser.open(server.consoleAddress());
        startFromThePage("call:look answer:First answer.");
        browser.awaitText("#run-state", "completed");
        String first = browser.find("#run-view").getDomAttribute("data-run-id");
        browser.awaitText("#conversation .turn-assistant", "First answer.");

        browser.find("#message").sendKeys("answer:<b>Second</b> answer.");
        browser.find("#continue").click();

        browser.await("#run-view:not([data-run-id='" + first + "'])");
        String second = browser.find("#run-view").getDomAttribute("data-run-id");
        browser.awaitText("#run-state", "completed");
        browser.awaitText("#conversation .turn-assistant", "<b>Second</b> answer.");
        assertThat(browser.driver().findElements(By.cssSelector("#conversation .turn")).stream()
                .map(turn -> turn.getDomAttribute("data-role") + ": " + turn.findElement(By.cssSelector(".turn-text"))
                        .getText()).toList()).containsExactly("user: call:look answer:First answer.",
                "calls: called look", "assistant: First answer.", "user: answer:<b>Second</b> answer.",
                "assistant: <b>Second</b> answer.");
        assertThat(browser.driver().findElements(By.cssSelector("#conversation b"))).as("the model's markup as text")
                .isEmpty();
        assertThat(client.get("/v1/runs/" + second).body().get("session").asString()).as("the same session")
                .isEqualTo(client.get("/v1/runs/" + first).body().get("session").asString());
        browser.screenshot(test);
    }

    /** Picks the run in the list and reads the lines of its waiting call's diff. */
    private List<String> diffOf(String run) {
        browser.await("#runs [data-run-id='" + run + "'] button").click();
        browser.await("#run-view[data-run-id='" + run + "'] #pending .pending-call .diff-view");
        return browser.driver().findElements(By.cssSelector("#pending .diff-line")).stream()
                .map(line -> line.getDomProperty("textContent")).toList();
    }

    private static String startInProject(Client client, String task) {
        String body = JsonMapper.builder().build().createObjectNode().put("task", task).put("workspace", "project")
                .toString();
        Client.Answer started = client.post("/v1/runs", body);
        assertThat(started.status()).as(started.toString()).isEqualTo(202);
        String id = started.body().get("id").asString();
        client.eventsUntil(id, "waiting"); // the stream says so as soon as the call waits
        return id;
    }

    private void startFromThePage(String task) {
        browser.awaitText("#agent", "default");
        browser.find("#task").sendKeys(task);
        browser.find("#start").click();
        browser.await("#run-view[data-run-id]:not([hidden])");
    }

    private void serve(List<String> tokens) {
        server = AgentServer.start(ServerSettings.local(root.resolve("work spaces"), root.resolve("data"))
                .withTokens(tokens), backend);
    }

    private String pageText() {
        return (String) browser.script("return document.body.innerText");
    }

    private static int occurrences(String text, String word) {
        return text.toLowerCase(java.util.Locale.ROOT).split(word, -1).length - 1;
    }
}
