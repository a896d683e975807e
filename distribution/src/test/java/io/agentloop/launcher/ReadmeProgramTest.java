package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's program, as a reader copies it: taken from README.md's Java block, compiled against
 * the platform's modules, and run as a program of its own (its key and base URL come from the
 * environment, as the README says) against a loopback OpenAI-compatible model that asks for its
 * tool and then answers.
 */
class ReadmeProgramTest {
    private static final Path README = Path.of(System.getProperty("agentloop.root"), "README.md");

    @TempDir
    Path work;

    @Test
    void theReadmeProgramCompilesAndAnswersThroughItsTool() throws Exception {
        String program = javaBlock(Files.readString(README));
        String name = className(program);
        Path classes = compile(name, program);

        try (MockWebServer model = new MockWebServer()) {
            model.enqueue(FakeOpenAi.toolCall("call_1", "now", "{\"zone\": \"Europe/Paris\"}"));
            model.enqueue(FakeOpenAi.answer("It is ", "noon in Paris."));
            model.start();
            String url = model.url("/v1").toString();
            ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java")
                    .toString(), "-cp", classes + File.pathSeparator + System.getProperty("java.class.path"), name)
                    .directory(work.toFile()).redirectOutput(work.resolve("out.txt").toFile())
                    .redirectError(work.resolve("err.txt").toFile());
            builder.environment().put("OPENAI_BASE_URL", url.endsWith("/") ? url.substring(0, url.length() - 1) : url);
            builder.environment().put("OPENAI_API_KEY", "sk-readme-test");
            Process run = builder.start();
            Await.exit(run, "the README's program ends by itself");
            String out = Files.readString(work.resolve("out.txt"), StandardCharsets.UTF_8);
            String err = Files.readString(work.resolve("err.txt"), StandardCharsets.UTF_8);

            assertThat(run.exitValue()).as(out + err).isZero();
            assertThat(out).isEqualTo("It is noon in Paris." + System.lineSeparator());
            assertThat(model.takeRequest().getHeaders().get("Authorization")).isEqualTo("Bearer sk-readme-test");
            assertThat(model.takeRequest().getBody().utf8()).as("the tool's answer goes back to the model")
                    .contains("[Europe/Paris]");
        }
    }

    @Test
    void aBrokenProgramFailsToCompileNamingTheError() {
        String broken = "public class Broken { void f() { Agent.builder(); } }";

        assertThatThrownBy(() -> compile("Broken", broken)).hasMessageContaining("cannot find symbol")
                .hasMessageContaining("Agent");
    }

    /** The one fenced Java block of the README: the complete program. */
    static String javaBlock(String readme) {
        Matcher java = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL).matcher(readme);
        assertThat(java.find()).as("README.md has a ```java block: its complete program").isTrue();
        String program = java.group(1);
        assertThat(java.find()).as("README.md has one ```java block").isFalse();
        return program;
    }

    private static String className(String program) {
        Matcher name = Pattern.compile("public class (\\w+)").matcher(program);
        assertThat(name.find()).as("the README's program declares a public class:\n" + program).isTrue();
        return name.group(1);
    }

    private Path compile(String name, String program) throws IOException {
        Path source = Files.writeString(Files.createDirectories(work.resolve("src")).resolve(name + ".java"), program);
        Path classes = Files.createDirectories(work.resolve("classes"));
        // The JDK's compiler in this JVM, reached through java.base (the tests compile as part of the launcher's module).
        ToolProvider javac = ToolProvider.findFirst("javac").orElseThrow(() -> new AssertionError("this JDK has no javac"));
        StringWriter diagnostics = new StringWriter();
        int exit = javac.run(new PrintWriter(diagnostics), new PrintWriter(diagnostics), "-d", classes.toString(),
                "-classpath", System.getProperty("java.class.path"), "-encoding", "UTF-8", source.toString());
        assertThat(exit).as("the README's program compiles:\n" + diagnostics).isZero();
        return classes;
    }
}
