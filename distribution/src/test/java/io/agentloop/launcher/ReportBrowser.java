package io.agentloop.launcher;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;

/**
 * The Debian packages' headless Chromium under Selenium, started as the web console's browser test
 * starts it: both programs named explicitly, so Selenium Manager never looks for (or downloads) a
 * browser or a driver; the browser's updates, sync and background fetches off; its profile a fresh
 * folder of the test's.
 */
final class ReportBrowser implements AutoCloseable {
    static final Path BROWSER = Path.of("/usr/bin/chromium");
    static final Path DRIVER = Path.of("/usr/bin/chromedriver");

    private final ChromeDriver driver;

    private ReportBrowser(ChromeDriver driver) {
        this.driver = driver;
    }

    /**
     * Starts the browser with its profile in {@code profile}.
     *
     * @throws AssertionError when Chromium or its driver is not installed: the test fails, naming the packages
     */
    static ReportBrowser start(Path profile) {
        for (Path program : List.of(BROWSER, DRIVER)) {
            if (!Files.isExecutable(program)) {
                throw new AssertionError("the report's browser test needs " + program + ", from the Debian packages "
                        + "chromium and chromium-driver: install them with 'apt-get install chromium chromium-driver' "
                        + "(./dev test does so where it can)");
            }
        }
        ChromeOptions options = new ChromeOptions();
        options.setBinary(BROWSER.toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--no-first-run", "--no-default-browser-check", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--disable-extensions", "--window-size=1366,900",
                "--user-data-dir=" + profile.toAbsolutePath());
        options.setCapability("goog:loggingPrefs", Map.of("browser", "ALL"));
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(DRIVER.toFile())
                .usingAnyFreePort().withLogFile(profile.resolveSibling("chromedriver.log").toFile()).build();
        return new ReportBrowser(new ChromeDriver(service, options));
    }

    void open(Path file) {
        driver.get(file.toUri().toString());
    }

    List<WebElement> all(String css) {
        return driver.findElements(By.cssSelector(css));
    }

    WebElement find(String css) {
        return driver.findElement(By.cssSelector(css));
    }

    Object script(String script, Object... arguments) {
        return ((JavascriptExecutor) driver).executeScript(script, arguments);
    }

    String title() {
        return driver.getTitle();
    }

    /** Lays the page out as for printing, from now on. */
    void printMedia() {
        driver.executeCdpCommand("Emulation.setEmulatedMedia", Map.of("media", "print"));
    }

    /** What the page's console said of scripts that failed or of anything its policy refused. */
    List<String> pageErrors() {
        return driver.manage().logs().get(LogType.BROWSER).getAll().stream().map(LogEntry::getMessage)
                .filter(message -> message.contains("Content Security Policy") || message.contains("Uncaught"))
                .toList();
    }

    /** Keeps what the whole page looks like now, below the fold too, as {@code file}, for a person to look at. */
    Path screenshot(Path file) {
        @SuppressWarnings("unchecked")
        Map<String, Object> size = (Map<String, Object>) driver.executeCdpCommand("Page.getLayoutMetrics", Map.of())
                .get("cssContentSize");
        Map<String, Object> clip = Map.of("x", 0, "y", 0, "width", script("return window.innerWidth"),
                "height", size.get("height"), "scale", 1);
        String png = (String) driver.executeCdpCommand("Page.captureScreenshot", Map.of("format", "png",
                "captureBeyondViewport", true, "clip", clip)).get("data");
        try {
            Files.createDirectories(file.getParent());
            Files.write(file, Base64.getDecoder().decode(png));
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        driver.quit();
    }
}
