package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.testkit.VisibleTempDir;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import mockwebserver3.MockWebServer;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * A Spring Boot developer's first steps, from docs/library.md alone: the page's install command run
 * as printed in a copy of the project (into a local repository of the test's, offline, with the
 * build's repository behind it read-only: what the command leaves out, nothing later finds), then
 * an application on {@code spring-boot-starter-parent} with the starter and the page's
 * {@code <properties>}, built with the Maven wrapper (on Maven Central for Boot's parent and
 * plugins) and started as its jar, against a loopback fake of an OpenAI-compatible model.
 */
class SpringBootStarterIT {
    @TempDir(factory = VisibleTempDir.class)
    static Path work;
    private static Path repository;
    private static String properties;
    private final OkHttpClient http = new OkHttpClient.Builder().readTimeout(Duration.ofMinutes(2)).build();

    @BeforeAll
    static void installAsThePageSays() throws Exception {
        Path root = Path.of(System.getProperty("agentloop.root"));
        String page = Files.readString(root.resolve("docs/library.md"));
        properties = propertiesOf(page);
        String install = installLine(page);
        Path clone = PluginAuthorBuild.cloneOf(root, work.resolve("clone"));
        PluginAuthorBuild author = new PluginAuthorBuild(work);
        PluginAuthorBuild.Outcome installed = author.run(install, clone);
        assertThat(installed.exit()).as(install + "\n" + installed.output()).isZero();
        repository = work.resolve("local-repository");
    }

    @Test
    void theInstallLineOfTheLibraryPageInstallsEveryPublishedModule() throws Exception {
        Path clone = work.resolve("clone");
        List<String> published = new ArrayList<>();
        try (Stream<Path> poms = Files.walk(clone)) {
            for (Path pom : (Iterable<Path>) poms.filter(p -> p.getFileName().toString().equals("pom.xml"))::iterator) {
                if (!deploySkipped(pom)) {
                    published.add(text(read(pom).getDocumentElement(), "artifactId"));
                }
            }
        }
        assertThat(published).contains("agent-core", "agentloop-bom", "agentloop-spring-boot-starter")
                .doesNotContain("agentloop-distribution", "agentloop-example-spring-boot", "my-agentloop-plugin");

        String version = System.getProperty("agentloop.version");
        for (String artifact : published) {
            assertThat(repository.resolve("io/agentloop/" + artifact + "/" + version + "/" + artifact + "-" + version
                    + ".pom")).as("docs/library.md's install line installs the published module " + artifact).exists();
        }
    }

    @Test
    void anApplicationOnBootsParentWithThePagesPropertiesAnswersThroughAToolMethodAndIsUp() throws Exception {
        BootApplication app = application("orders", properties);
        BootApplication.Outcome build = app.build(repository, localRepository());
        assertThat(build.exit()).as(build.output()).isZero();

        try (MockWebServer model = new MockWebServer()) {
            model.start(0);
            model.enqueue(FakeOpenAi.toolCall("call_1", "order_status", "{\"id\":\"42\"}"));
            model.enqueue(FakeOpenAi.answer("Order 42 shipped on Monday."));
            Process running = app.start(List.of("--server.port=0", "--server.address=127.0.0.1",
                    "--agentloop.providers.openai.base-url=" + model.url("/v1")));
            try {
                String base = "http://127.0.0.1:" + app.port(running);

                Request ask = new Request.Builder().url(base + "/ask").post(RequestBody.create(
                        "{\"question\":\"Where is order 42?\"}", MediaType.get("application/json"))).build();
                try (Response answer = http.newCall(ask).execute();
                     Response health = http.newCall(new Request.Builder().url(base + "/actuator/health").build()).execute()) {
                    String answered = answer.body().string();
                    String healthy = health.body().string();

                    assertThat(answer.code()).as(answered + "\n" + app.read()).isEqualTo(200);
                    assertThat(answered).isEqualTo("{\"answer\":\"Order 42 shipped on Monday.\"}");
                    model.takeRequest();
                    assertThat(model.takeRequest().getBody().utf8()).contains("order 42: shipped on Monday");
                    assertThat(health.code()).as(healthy).isEqualTo(200);
                    assertThat(healthy).contains("\"status\":\"UP\"");
                }
            } finally {
                running.destroy();
                Await.exit(running, "the application stops");
            }
        }
    }

    @Test
    void onBootsOwnJacksonTheApplicationRefusesToStartWithOneLineNamingTheProperties() throws Exception {
        String withoutJackson = properties.lines().filter(line -> !line.contains("jackson"))
                .reduce("", (a, b) -> a + b + "\n");
        BootApplication app = application("boots-jackson", withoutJackson);
        BootApplication.Outcome build = app.build(repository, localRepository());
        assertThat(build.exit()).as(build.output()).isZero();

        Process running = app.start(List.of("--server.port=0", "--server.address=127.0.0.1",
                "--agentloop.providers.openai.base-url=http://127.0.0.1:9/v1"));
        Await.exit(running, "the application refuses to start");

        String log = app.read();
        assertThat(running.exitValue()).as(log).isNotZero();
        List<String> refusal = log.lines().filter(line -> line.contains("Agentloop's starter is built for Jackson"))
                .toList();
        assertThat(refusal).as(log).hasSize(1);
        assertThat(refusal.getFirst()).contains("<jackson-bom.version>3.2.4</jackson-bom.version>")
                .contains("<jackson-2-bom.version>");
        assertThat(log).as("Boot shows the refusal, not a stack trace").contains("APPLICATION FAILED TO START")
                .doesNotContain("\tat ");
    }

    /**
     * The application, once the starter is known to come from what the page's command installed: the
     * build's own repository, behind it, may hold an older one on a developer's machine.
     */
    private static BootApplication application(String name, String withProperties) throws IOException {
        String version = System.getProperty("agentloop.version");
        assertThat(repository.resolve("io/agentloop/agentloop-spring-boot-starter/" + version
                + "/agentloop-spring-boot-starter-" + version + ".jar")).as("docs/library.md's install line installs "
                + "the starter").exists();
        return BootApplication.write(work.resolve(name), work.resolve("clone"),
                System.getProperty("agentloop.spring-boot.version"), System.getProperty("agentloop.version"),
                withProperties);
    }

    private static Path localRepository() {
        return Path.of(System.getProperty("agentloop.local.repository"));
    }

    /** The command of the section "Maven coordinates" that installs Agentloop's artifacts. */
    static String installLine(String page) {
        int section = page.indexOf("## Maven coordinates");
        int next = page.indexOf("\n## ", section + 1);
        assertThat(section).as("docs/library.md has a section 'Maven coordinates'").isNotNegative();
        Matcher code = Pattern.compile("`(\\./dev mvn install[^`]*)`").matcher(page.substring(section, next));
        assertThat(code.find()).as("'Maven coordinates' names the ./dev mvn install command").isTrue();
        return code.group(1);
    }

    /** The {@code <properties>} of the pom the section "Spring Boot" shows. */
    static String propertiesOf(String page) {
        Matcher block = Pattern.compile("(?s)```xml pom.xml\\n(.*?)```").matcher(page.substring(page.indexOf("## Spring Boot")));
        assertThat(block.find()).as("docs/library.md's Spring Boot section shows a pom.xml").isTrue();
        Matcher element = Pattern.compile("(?s)<properties>.*?</properties>").matcher(block.group(1));
        return element.find() ? element.group() : "";
    }

    /** Whether the pom, or the pom of the folder above that it inherits from, keeps it out of Maven repositories. */
    private static boolean deploySkipped(Path pom) throws Exception {
        Element project = read(pom).getDocumentElement();
        Optional<Element> props = child(project, "properties");
        if (props.flatMap(p -> child(p, "maven.deploy.skip")).map(e -> e.getTextContent().strip().equals("true"))
                .orElse(false)) {
            return true;
        }
        Optional<Element> parent = child(project, "parent");
        if (parent.isEmpty()) {
            return false;
        }
        String relative = parent.flatMap(p -> child(p, "relativePath")).map(Element::getTextContent).orElse("../pom.xml");
        if (relative.isBlank()) {
            return false; // a parent from a repository (the template's, Boot's): not one of ours
        }
        Path above = pom.getParent().resolve(relative).normalize();
        above = Files.isDirectory(above) ? above.resolve("pom.xml") : above;
        return Files.isRegularFile(above) && deploySkipped(above);
    }

    private static Document read(Path pom) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pom.toFile());
    }

    private static Optional<Element> child(Element parent, String name) {
        for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (node instanceof Element element && element.getTagName().equals(name)) {
                return Optional.of(element);
            }
        }
        return Optional.empty();
    }

    private static String text(Element parent, String name) {
        return child(parent, name).map(Element::getTextContent).map(String::strip).orElse("");
    }
}
