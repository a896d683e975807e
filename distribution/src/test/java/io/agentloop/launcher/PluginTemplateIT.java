package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.launcher.InstalledLauncher.Outcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The plugin template as docs/plugins.md tells a plugin author to use it: copied, renamed, built with
 * its own wrapper against Agentloop's installed artifacts, and dropped into the built installation,
 * which loads it, runs its tool and checks its settings. Alone in its class as it is the longest test
 * of the installation (two Maven builds): the other classes run beside it.
 */
class PluginTemplateIT extends InstallationFixture {
    @Test
    void aCopyOfThePluginTemplateBuiltAsTheReadmeSaysWithTheDefaultJavaIsAPluginTheLauncherLoadsAndRuns()
            throws Exception {
        // As docs/plugins.md says: copy the template, rename it, install Agentloop's artifacts with its command,
        // build the plugin with the template's own wrapper, drop the jar in plugins/. See PluginAuthorBuild.
        Path root = Path.of(System.getProperty("agentloop.root"));
        PluginAuthorBuild.Commands readme = PluginAuthorBuild.readme(root);
        assertThat(root.resolve("plugins/plugin-template/.mvn/find-java")).as("the template finds a JDK as ./dev does")
                .hasSameTextualContentAs(root.resolve("distribution/src/bin/find-java"));
        assertThat(root.resolve("plugins/plugin-template/pom.xml")).as("javac 23 and later run annotation processors "
                + "(PF4J's @Extension index) only when asked").content().contains("<arg>-proc:full</arg>");
        Path clone = PluginAuthorBuild.cloneOf(root, work.resolve("clone"));
        Path project = InstalledLauncher.copy(clone.resolve("plugins/plugin-template"), work.resolve("hello-plugin"));
        Path pom = project.resolve("pom.xml");
        Files.writeString(pom, Files.readString(pom).replace("<artifactId>my-agentloop-plugin</artifactId>",
                "<artifactId>hello-plugin</artifactId>").replace(
                "<agentloop.plugin.id>my-plugin</agentloop.plugin.id>", "<agentloop.plugin.id>hello</agentloop.plugin.id>"));
        PluginAuthorBuild author = new PluginAuthorBuild(work);

        PluginAuthorBuild.Outcome install = author.run(readme.install(), clone);
        assertThat(install.exit()).as(readme.install() + "\n" + install.output()).isZero();
        // A user's project that imports the BOM, installed with the rest, and takes agent-core without a
        // version: its own test finds one release of Jackson on its class path.
        PluginAuthorBuild.Outcome consumer = author.run("./dev mvn -q -f examples/bom-consumer/pom.xml verify", clone);
        assertThat(consumer.exit()).as("a project importing only agentloop-bom\n" + consumer.output()).isZero();
        assertThat(clone.resolve("examples/bom-consumer/target/surefire-reports/TEST-io.agentloop.examples.bom.OneJacksonTest.xml"))
                .content().contains("tests=\"1\"").contains("failures=\"0\"").contains("errors=\"0\"");
        PluginAuthorBuild.Outcome build = author.run(readme.build(), project);

        assertThat(build.exit()).as(readme.build() + " with the default Java ("
                + PluginAuthorBuild.olderJdk().map(Path::toString).orElse("the PATH's") + ")\n" + build.output())
                .isZero();
        for (String test : List.of("ShortNamesOnlyTest", "GreetInTheLoopTest", "GreetToolTest", "CountLinesToolTest")) {
            assertThat(project.resolve("target/surefire-reports/TEST-com.example.agentloop.greet." + test + ".xml"))
                    .as("the template's " + test + " ran and passed (the test kit's fakes, the real loop)").content()
                    .contains("tests=\"2\"").contains("failures=\"0\"").contains("errors=\"0\"");
        }
        Path jar = project.resolve("target/hello-plugin-1.0.0.jar");
        assertThat(jar).isRegularFile();
        Files.copy(jar, installation.resolve("plugins").resolve(jar.getFileName()));
        server.enqueue(FakeOpenAi.toolCall("call_1", "greet", "{\"name\":\"Ada\"}"));
        server.enqueue(FakeOpenAi.answer("The tool said: Hello, Ada!"));

        Outcome tools = agentloop("tools");
        Outcome run = agentloop("run", "Greet Ada");

        assertThat(tools.out()).contains("greet").contains("plugin hello@1.0.0").contains("Greets someone by name.");
        assertThat(tools.err()).as("the template has no mistakes to report").doesNotContain("plugin hello");
        Outcome plugins = agentloop("plugins");
        assertThat(plugins.out()).contains("hello 1.0.0  STARTED").contains("Hook com.example.agentloop.greet.ShortNamesOnly");
        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.out()).containsPattern(ToolLine.closing("greet", "ok -> Hello, Ada!"));

        // The template's declared setting, set as docs/plugins.md shows, and its tool tried alone, with no model.
        Files.writeString(work.resolve("user.yaml"), "plugins:\n  hello:\n    greeting: Bonjour\n");
        Outcome check = agentloop("config", "--check");
        Outcome call = agentloop("tools", "call", "greet", "{\"name\": \"Ada\"}");

        assertThat(check.exit()).as(check.out() + check.err()).isZero();
        assertThat(agentloop("plugins").out()).contains("greeting (a single value, default Hello): what the greet "
                + "tool says before the name");
        assertThat(call.exit()).as(call.err()).isZero();
        assertThat(call.out()).isEqualTo("Bonjour, Ada!" + System.lineSeparator());
        Files.writeString(work.resolve("user.yaml"), "plugins:\n  hello:\n    greting: Bonjour\n");
        Outcome misspelt = agentloop("config", "--check");
        assertThat(misspelt.exit()).as("a key the plugin does not declare").isEqualTo(Launcher.CONFIGURATION);
        assertThat(misspelt.out() + misspelt.err()).contains("plugins.hello.greting").contains("greeting");
    }
}
