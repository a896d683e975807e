package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.testkit.VisibleTempDir;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's project as a reader makes it: its {@code pom.xml} and its program taken from
 * README.md, built and run by the Maven wrapper with the command the README gives and nothing added
 * (no compiler flags, no main class on the command line), against a loopback OpenAI-compatible
 * model. Agentloop's artifacts come from a copy of this project installed into a local repository
 * of the test's own; every other artifact from the local repository of the build running the test
 * (a read-only tail), so that build's repository is never written; offline when that build is.
 */
class ReadmeProjectIT {
    private static final Path ROOT = Path.of(System.getProperty("agentloop.root"));

    @TempDir(factory = VisibleTempDir.class)
    Path work;

    @Test
    void theReadmesPomBuildsAndRunsItsProgramWithPlainMavenSettings() throws Exception {
        String readme = Files.readString(ROOT.resolve("README.md"));
        String pom = block(readme, "xml");
        String program = ReadmeProgramTest.javaBlock(readme);
        assertThat(pom).as("the README's pom sets the Java release (plain Maven compiles for an older Java otherwise)")
                .contains("<maven.compiler.release>21</maven.compiler.release>");
        Matcher command = Pattern.compile("`(mvn [^`]+)` builds and runs it").matcher(readme);
        assertThat(command.find()).as("the README says which mvn command builds and runs its program").isTrue();
        Path app = Files.createDirectories(work.resolve("what-time-is-it"));
        Files.writeString(app.resolve("pom.xml"), pom);
        Matcher name = Pattern.compile("public class (\\w+)").matcher(program);
        assertThat(name.find()).isTrue();
        Files.writeString(Files.createDirectories(app.resolve("src/main/java")).resolve(name.group(1) + ".java"),
                program);
        Path clone = PluginAuthorBuild.cloneOf(ROOT, work.resolve("clone"));

        Outcome install = maven(clone, "./dev mvn -q install -pl distribution/bom,agent-core,agent-providers -am "
                + "-Dmaven.test.skip=true", Map.of());
        assertThat(install.exit()).as("installing Agentloop's artifacts\n" + install.output()).isZero();
        try (MockWebServer model = new MockWebServer()) {
            model.enqueue(FakeOpenAi.toolCall("call_1", "now", "{\"zone\": \"Europe/Paris\"}"));
            model.enqueue(FakeOpenAi.answer("It is ", "noon in Paris."));
            model.start();
            String url = model.url("/v1").toString();
            Outcome run = maven(app, clone.resolve("mvnw") + command.group(1).substring("mvn".length()), Map.of(
                    "OPENAI_BASE_URL", url.substring(0, url.length() - 1), "OPENAI_API_KEY", "sk-readme-test"));

            assertThat(run.exit()).as(command.group(1) + "\n" + run.output()).isZero();
            assertThat(run.output()).as("the program's answer, and no word from SLF4J about a missing provider")
                    .contains("It is noon in Paris.").doesNotContain("SLF4J(W)");
            assertThat(model.takeRequest().getHeaders().get("Authorization")).isEqualTo("Bearer sk-readme-test");
        }
    }

    /** The one fenced block of {@code language} in {@code text}. */
    private static String block(String text, String language) {
        Matcher block = Pattern.compile("```" + language + "\\n(.*?)```", Pattern.DOTALL).matcher(text);
        assertThat(block.find()).as("README.md has a ```" + language + " block").isTrue();
        String found = block.group(1);
        assertThat(block.find()).as("README.md has one ```" + language + " block").isFalse();
        return found;
    }

    private record Outcome(int exit, String output) {
    }

    /** Runs {@code command} in {@code folder} with Maven's repositories as the class comment says. */
    private Outcome maven(Path folder, String command, Map<String, String> more) throws Exception {
        Path output = Files.createTempFile(work, "maven-", ".txt");
        ProcessBuilder builder = new ProcessBuilder("bash", "-c", command).directory(folder.toFile())
                .redirectErrorStream(true).redirectOutput(output.toFile());
        builder.environment().remove("MAVEN_OPTS");
        builder.environment().put("MAVEN_ARGS", (System.getProperty("agentloop.offline", "").endsWith("=true") ? "-o " : "")
                + "-Dmaven.repo.local=" + work.resolve("repository") + " -Dmaven.repo.local.tail="
                + System.getProperty("agentloop.local.repository"));
        builder.environment().putAll(more);
        Process process = builder.start();
        boolean exited = process.waitFor(15, TimeUnit.MINUTES);
        if (!exited) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
        assertThat(exited).as("'" + command + "' finishes").isTrue();
        return new Outcome(process.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
    }
}
