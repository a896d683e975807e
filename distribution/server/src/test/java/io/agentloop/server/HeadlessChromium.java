package io.agentloop.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The Debian packages' headless Chromium under Selenium. Both programs are named explicitly, so
 * Selenium Manager never looks for (or downloads) a browser or a driver; the browser's own updates,
 * sync and background fetches are off, and its profile is a fresh folder of the test's.
 */
final class HeadlessChromium implements AutoCloseable {
    static final Path BROWSER = Path.of("/usr/bin/chromium");
    static final Path DRIVER = Path.of("/usr/bin/chromedriver");
    /** Long enough for a loaded machine; a wait ends as soon as the page shows what it waits for. */
    private static final Duration PATIENCE = Duration.ofMinutes(2);

    private final ChromeDriver driver;
    private final WebDriverWait wait;
    private final Path screenshots;

    private HeadlessChromium(ChromeDriver driver, Path screenshots) {
        this.driver = driver;
        this.wait = new WebDriverWait(driver, PATIENCE);
        this.screenshots = screenshots;
    }

    /**
     * Starts the browser with its profile in {@code profile}; screenshots go to {@code screenshots}.
     *
     * @throws AssertionError when Chromium or its driver is not installed: the test fails, naming the packages
     */
    static HeadlessChromium start(Path profile, Path screenshots) {
        return start(profile, screenshots, List.of());
    }

    /** As above, with more of Chromium's command-line switches ({@code --host-resolver-rules=...}). */
    static HeadlessChromium start(Path profile, Path screenshots, List<String> switches) {
        for (Path program : List.of(BROWSER, DRIVER)) {
            if (!Files.isExecutable(program)) {
                throw new AssertionError("the console's browser test needs " + program + ", from the Debian packages "
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
        options.addArguments(switches);
        options.setCapability("goog:loggingPrefs", Map.of("browser", "ALL"));
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(DRIVER.toFile())
                .usingAnyFreePort().withLogFile(profile.resolveSibling("chromedriver.log").toFile()).build();
        return new HeadlessChromium(new ChromeDriver(service, options), screenshots);
    }

    ChromeDriver driver() {
        return driver;
    }

    WebDriverWait waiting() {
        return wait;
    }

    void open(String address) {
        driver.get(address);
    }

    WebElement find(String css) {
        return driver.findElement(By.cssSelector(css));
    }

    /** Waits until an element matching {@code css} is on the page, then returns it. */
    WebElement await(String css) {
        return wait.withMessage(() -> "'" + css + "' on the page").until(d -> d.findElements(By.cssSelector(css))
                .stream().findFirst().orElse(null));
    }

    /** Waits until the element's text contains {@code text}. */
    WebElement awaitText(String css, String text) {
        return wait.withMessage(() -> "'" + css + "' to show '" + text + "'").until(d -> d.findElements(
                By.cssSelector(css)).stream().filter(e -> e.getText().contains(text)).findFirst().orElse(null));
    }

    Object script(String script, Object... arguments) {
        return ((JavascriptExecutor) driver).executeScript(script, arguments);
    }

    /** Sizes the page's viewport itself (the window around it is larger by its frame). */
    void viewport(int width, int height) {
        Dimension window = driver.manage().window().getSize();
        long innerWidth = (Long) script("return window.innerWidth");
        long innerHeight = (Long) script("return window.innerHeight");
        driver.manage().window().setSize(new Dimension(width + window.width - (int) innerWidth,
                height + window.height - (int) innerHeight));
        wait.until(d -> (Long) script("return window.innerWidth") == width);
    }

    /**
     * What the page's console said of scripts that failed or of anything the page's Content Security
     * Policy refused (an inline script or style, a file from elsewhere) since the last call.
     */
    List<String> pageErrors() {
        return driver.manage().logs().get(LogType.BROWSER).getAll().stream().map(LogEntry::getMessage)
                .filter(message -> message.contains("Content Security Policy") || message.contains("Uncaught"))
                .toList();
    }

    /** Keeps what the whole page looks like now, below the fold too, as {@code name}.png, for a person to look at. */
    Path screenshot(String name) {
        @SuppressWarnings("unchecked")
        Map<String, Object> size = (Map<String, Object>) driver.executeCdpCommand("Page.getLayoutMetrics", Map.of())
                .get("cssContentSize");
        // the whole window's width: drawn at its full height the page has no scroll bar beside it
        Map<String, Object> clip = Map.of("x", 0, "y", 0, "width", script("return window.innerWidth"),
                "height", size.get("height"), "scale", 1);
        String png = (String) driver.executeCdpCommand("Page.captureScreenshot", Map.of("format", "png",
                "captureBeyondViewport", true, "clip", clip)).get("data");
        try {
            Files.createDirectories(screenshots);
            Path shot = screenshots.resolve(name + ".png");
            Files.write(shot, Base64.getDecoder().decode(png));
            return shot;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        driver.quit();
    }
}
