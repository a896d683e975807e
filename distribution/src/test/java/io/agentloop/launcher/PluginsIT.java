package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.tool.Tool;
import io.agentloop.launcher.InstalledLauncher.Outcome;
import io.agentloop.testkit.PluginJarBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Plugins in the built installation's plugin folder: a plugin's settings reaching it, and plugins that
 * misbehave (a tool that never returns, {@code System.exit}, a corrupt jar, a name already taken) named
 * while everything else still works; a plugin bundling a JDBC driver finding it.
 */
class PluginsIT extends InstallationFixture {
    @Test
    void aPluginToolThatNeverReturnsDoesNotKeepTheLauncherFromExiting() throws Exception {
        PluginJarBuilder.plugin("spin-tools").version("1.0.0").provides(Tool.class, SpinTool.class)
                .writeTo(installation.resolve("plugins"));
        Path spinning = work.resolve("spinning");
        server.enqueue(FakeOpenAi.toolCall("call_1", "spin", "{\"started\":" + jsonString(spinning.toString()) + "}"));
        Process launcher = startAndAwaitTool("run", "--json", "Spin");
        Await.until("the tool to spin", () -> Files.exists(spinning) || !launcher.isAlive(),
                () -> Files.readString(work.resolve("err.txt")));
        assertThat(spinning).as(Files.readString(work.resolve("err.txt"))).exists();

        ctrlC(launcher);

        Await.exit(launcher, "the launcher exits though its tool spins");
        assertThat(launcher.exitValue()).as(Files.readString(work.resolve("err.txt"))).isEqualTo(130);
        assertThat(ProcessHandle.of(launcher.pid()).map(ProcessHandle::isAlive).orElse(false)).isFalse();
    }

    @Test
    void aPluginThatCallsSystemExitIsNamedAndTheRunsSessionKeepsItsRecords() throws Exception {
        PluginJarBuilder.plugin("exit-tools").version("1.0.0").provides(Tool.class, ExitTool.class)
                .writeTo(installation.resolve("plugins"));
        server.enqueue(FakeOpenAi.toolCall("call_1", "quit", "{}"));

        Outcome run = agentloop("run", "Quit");

        assertThat(run.err()).contains("agentloop: plugin exit-tools@1.0.0: tool 'quit' called System.exit at "
                + ExitTool.class.getName() + ".execute");
        // The plugin asked for 0; the run has no answer, and the launcher says so in its code, once.
        assertThat(run.exit()).as(run.err()).isEqualTo(1);
        assertThat(run.err().lines().filter(line -> line.contains("System.exit"))).hasSize(1);
        assertThat(run.err()).doesNotContain("\tat ").doesNotContain("Exception");
        Path session;
        try (Stream<Path> files = Files.list(work.resolve("sessions"))) {
            session = files.filter(f -> f.toString().endsWith(".jsonl")).findFirst().orElseThrow();
        }
        assertThat(Files.readAllLines(session).getLast()).contains("\"type\":\"checkpoint\"")
                .contains("COMPLETED CANCELLED");
    }

    @Test
    void aPluginBundlingAJdbcDriverQueriesItsDatabaseThroughTheLauncher() throws Exception {
        PluginJarBuilder plugin = PluginJarBuilder.plugin("sql-tools").version("1.0.0").provides(Tool.class,
                SqlTool.class);
        bundle(plugin, org.h2.Driver.class).writeTo(installation.resolve("plugins"));
        server.enqueue(FakeOpenAi.toolCall("call_1", "sql", "{\"query\":\"SELECT 6*7\"}"));
        server.enqueue(FakeOpenAi.answer("The database says 42."));

        Outcome run = agentloop("run", "Ask the database");

        assertThat(run.exit()).as(run.out() + run.err()).isZero();
        assertThat(run.out()).containsPattern(ToolLine.closing("sql", "ok -> answer=42")).doesNotContain("No suitable driver");
    }

    /** Adds the classes and resources of the library {@code type} comes from, as the shade plugin does. */
    private static PluginJarBuilder bundle(PluginJarBuilder plugin, Class<?> type) throws Exception {
        Path library = Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        try (java.util.zip.ZipFile jar = new java.util.zip.ZipFile(library.toFile())) {
            for (java.util.zip.ZipEntry entry : java.util.Collections.list(jar.entries())) {
                String name = entry.getName();
                if (entry.isDirectory() || name.equals("META-INF/MANIFEST.MF") || name.startsWith("META-INF/versions/")
                        || name.endsWith("module-info.class")) {
                    continue;
                }
                try (java.io.InputStream in = jar.getInputStream(entry)) {
                    plugin.withEntry(name, in.readAllBytes());
                }
            }
        }
        return plugin;
    }

    @Test
    void aPluginThatCallsSystemExitWhileLoadingIsNamedAndEveryCommandFailsSaying() throws Exception {
        PluginJarBuilder.plugin("exit-on-load").version("1.0.0").provides(Tool.class, ExitOnLoadTool.class)
                .writeTo(installation.resolve("plugins"));

        Outcome plugins = agentloop("plugins");

        assertThat(plugins.exit()).as(plugins.out() + plugins.err()).isEqualTo(3);
        assertThat(plugins.err()).isEqualTo("agentloop: plugin exit-on-load@1.0.0 called System.exit at "
                + ExitOnLoadTool.class.getName() + ".<clinit>(ExitOnLoadTool.java:12) while loading, which ends every "
                + "command: remove it from the plugin folder or list its id in plugins.disabled\n");
    }

    @Test
    void aPluginWhoseOnlyToolNameIsTakenIsIncompleteAndSaidOnce() throws Exception {
        PluginJarBuilder.plugin("shadow").version("1.0.0").provides(Tool.class, ShadowReadTool.class)
                .writeTo(installation.resolve("plugins"));

        Outcome plugins = agentloop("plugins");

        assertThat(plugins.exit()).as(plugins.err()).isZero();
        assertThat(plugins.err().lines().filter(line -> line.contains("'read'")).toList()).containsExactly(
                "problem: shadow-1.0.0.jar: tool 'read' from plugin shadow@1.0.0 is ignored: built-in already "
                        + "provides it");
        assertThat(plugins.out().lines().filter(line -> line.contains("shadow")).findFirst()).get().asString()
                .contains("INCOMPLETE");
    }

    @Test
    void aPluginsSettingsInTheConfigurationReachItAndConfigMasksItsSecrets() throws Exception {
        Path configured = work.resolve("configured-audit.jsonl");
        Files.writeString(work.resolve("user.yaml"), "plugins:\n  audit-trail:\n    file: " + configured
                + "\n    api-key: sk-plugin-secret-123456\n");
        scriptToolCallThenAnswer();

        Outcome run = agentloop("run", "Make it camel case");

        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(configured).content().contains("\"change_case\"");
        assertThat(auditLog).as("the environment's file is only the fallback").doesNotExist();
        Outcome config = agentloop("config");
        assertThat(config.out()).contains("plugins.audit-trail.file = " + configured)
                .contains("plugins.audit-trail.api-key = sk-****56").doesNotContain("sk-plugin-secret-123456");
    }

    @Test
    void aCorruptPluginJarIsNamedAndEverythingElseStillWorks() throws Exception {
        PluginJarBuilder.corrupt(installation.resolve("plugins"), "half-downloaded.jar");
        scriptToolCallThenAnswer();

        Outcome run = agentloop("run", "Camel case please");

        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.err()).contains("agentloop: plugin half-downloaded.jar: cannot be read as a plugin jar");
        assertThat(run.out()).containsPattern(ToolLine.closing("change_case", "ok -> helloAgentWorld"));
    }
}
