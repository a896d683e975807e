package io.agentloop.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.core.permission.PermissionMode;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * A served run that changed a file other programs run later (a {@code Makefile}): the run's record
 * in the API lists it, and the console shows it, in a real browser.
 */
class ExecutableConfigConsoleTest {
    private static final Path SCREENSHOTS = Path.of(System.getProperty("basedir", "."))
            .resolve("target/console-screenshots");

    @TempDir
    Path root;
    AgentServer server;
    HeadlessChromium browser;

    @BeforeEach
    void start() {
        server = AgentServer.start(ServerSettings.local(root.resolve("work spaces"), root.resolve("data")),
                new TestBackend(root.resolve("sessions"), PermissionMode.YES));
        browser = HeadlessChromium.start(root.resolve("chromium profile"), SCREENSHOTS);
    }

    @AfterEach
    void stop() {
        try {
            if (browser != null) {
                assertThat(browser.pageErrors()).as("scripts that failed or what the page's policy refused").isEmpty();
                browser.close();
            }
        } finally {
            server.close();
        }
    }

    @Test
    void theFilesARunChangedThatOtherProgramsRunAreListedInTheRunAndOnThePage() {
        browser.open(server.consoleAddress());
        browser.awaitText("#agent", "default");
        browser.find("#task").sendKeys("call:configure answer:Configured.");
        browser.find("#start").click();

        browser.awaitText("#run-state", "completed");
        browser.awaitText("#executable-config li", "Makefile");
        browser.awaitText("#timeline", "changed files other programs run: Makefile");
        assertThat(browser.find("#executable-section").isDisplayed()).isTrue();
        browser.screenshot("executable-config");

        String id = browser.find("#run-view").getDomAttribute("data-run-id");
        JsonNode run = new Client(server.address(), server.madeToken()).get("/v1/runs/" + id).body();
        assertThat(run.path("executable_config").toString()).isEqualTo("[\"Makefile\"]");
    }
}
