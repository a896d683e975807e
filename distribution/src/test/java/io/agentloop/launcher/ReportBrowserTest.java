package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/**
 * The report of a recorded session ({@link RecordedRun}) in a real browser: every model call and
 * tool call on the page, a tool's markup shown as text and never run, the page's one script allowed
 * by its policy. The screenshot is kept as {@code target/report-screenshots/report.png}, and the page as
 * printed (every section open) as {@code report-print.png}.
 */
class ReportBrowserTest {
    private static final Path SCREENSHOTS = Path.of(System.getProperty("basedir", "."))
            .resolve("target/report-screenshots");

    @TempDir
    Path home;
    RecordedRun run;
    ReportBrowser browser;

    @BeforeEach
    void start() throws IOException {
        run = RecordedRun.in(home);
        browser = ReportBrowser.start(home.resolve("chromium profile"));
    }

    @AfterEach
    void stop() {
        try {
            if (browser != null) {
                browser.close();
            }
        } finally {
            run.close();
        }
    }

    @Test
    void theReportShowsEveryCallAndToolMarkupAsText() {
        Path page = home.resolve("reports/the run.html");
        page.getParent().toFile().mkdirs();
        assertThat(run.launcher("report", run.session(), "-o", page.toString())).as(run.err.toString()).isZero();

        browser.open(page);

        List<WebElement> modelCalls = browser.all("li[data-kind=model-call]");
        assertThat(modelCalls).extracting(WebElement::getText).as("the agent's two model calls and the sub-agent's two")
                .hasSize(4).allSatisfy(text -> assertThat(text).contains("MODEL CALL"));
        assertThat(modelCalls.getFirst().getText()).contains("1 retry").contains("HTTP 503");
        Map<String, String> toolCalls = Map.of("call_read", "read", "call_bash", "bash", "call_task", "task",
                "call_notes", "read");
        assertThat(browser.all("li[data-kind=tool-call]")).hasSize(4);
        toolCalls.forEach((id, tool) -> {
            WebElement call = browser.find("li[data-kind=tool-call][data-call-id=" + id + "]");
            assertThat(call.isDisplayed()).isTrue();
            assertThat(call.findElement(By.cssSelector(".name")).getText()).isEqualTo(tool);
        });
        assertThat(browser.find("[data-kind=sub-agent]").getText()).contains("researcher")
                .contains("The notes say hello.");

        WebElement result = browser.find("li[data-call-id=call_read] pre.result");
        assertThat(result.getText()).as("the tool's markup, as text").contains(RecordedRun.MARKUP)
                .contains("password=[REDACTED]").doesNotContain(RecordedRun.PASSWORD);
        assertThat(browser.find("section[data-kind=run] > .answer pre").getText()).isEqualTo(RecordedRun.ANSWER);
        assertThat(browser.all("img")).as("no element made from a tool's or the model's text").isEmpty();
        assertThat(browser.all("b")).isEmpty();
        assertThat(browser.script("return window.pwned === undefined")).isEqualTo(true);
        assertThat(browser.title()).isNotEqualTo("pwned").startsWith("Run report: ");

        browser.screenshot(SCREENSHOTS.resolve("report.png"));
        browser.find("#expand").click();
        assertThat(browser.script("return Array.from(document.querySelectorAll('details')).every(d => d.open)"))
                .as("the page's own script runs").isEqualTo(true);
        assertThat(browser.pageErrors()).as("scripts that failed or what the page's policy refused").isEmpty();
        browser.printMedia();
        browser.screenshot(SCREENSHOTS.resolve("report-print.png"));
    }
}
