package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.tool.Tool;
import io.agentloop.testkit.PluginJarBuilder;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The configuration files are checked: what the launcher would ignore or misread is an error naming file and line. */
class ConfigCheckTest {
    @TempDir
    Path home;

    private final Map<String, String> env = new HashMap<>();
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private Path user;

    @BeforeEach
    void setUp() throws IOException {
        Files.createDirectories(home.resolve("plugins"));
        user = home.resolve("user.yaml");
        env.put("AGENTLOOP_CONFIG", user.toString());
        env.put("AGENTLOOP_SESSIONS", home.resolve("sessions").toString());
        Files.writeString(user, "{}\n");
    }

    private int run(String... args) {
        return Launcher.run(args, home, env::get, new PrintWriter(out), new PrintWriter(err));
    }

    private List<String> errLines() {
        return err.toString().lines().toList();
    }

    @Test
    void aMisspelledSectionIsAnErrorSuggestingTheSectionMeant() throws IOException {
        Files.writeString(user, """
                model: gpt-test
                permisions:
                  deny: ["bash(rm *)"]
                """);

        assertThat(run("run", "--example")).isEqualTo(Launcher.CONFIGURATION);

        assertThat(errLines()).containsExactly("agentloop: " + user + ":2: unknown key 'permisions'; did you mean "
                + "'permissions'?");
        assertThat(home.resolve("sessions")).doesNotExist();
    }

    @Test
    void aMisspelledKeyInsideASectionIsAnErrorSuggestingTheKeyMeant() throws IOException {
        Files.writeString(user, """
                permissions:
                  allow: ["bash(git status)"]
                  denny: ["bash(rm *)"]
                """);

        assertThat(run("run", "--example")).isEqualTo(Launcher.CONFIGURATION);

        assertThat(errLines()).containsExactly("agentloop: " + user + ":3: unknown key 'permissions.denny'; did you "
                + "mean 'permissions.deny'?");
    }

    @Test
    void anUnknownKeyFarFromEveryKnownOneListsTheKeysOfItsSection() throws IOException {
        Files.writeString(user, "sandbox:\n  colour: blue\n");

        assertThat(run("config")).isEqualTo(Launcher.CONFIGURATION);

        assertThat(errLines()).containsExactly("agentloop: " + user + ":2: unknown key 'sandbox.colour'; known keys "
                + "here: sandbox.enabled, sandbox.network, sandbox.program");
    }

    @Test
    void aPermissionRuleNamingAnUnknownToolIsAnErrorSuggestingTheToolMeant() throws IOException {
        Files.writeString(user, """
                permissions:
                  deny: ["bash(sudo *)", "bsh(rm *)"]
                """);

        assertThat(run("run", "--example")).isEqualTo(Launcher.CONFIGURATION);

        assertThat(errLines()).containsExactly("agentloop: " + user + ":2: permissions.deny: 'bsh(rm *)' names no "
                + "installed tool ('bsh'); did you mean 'bash(rm *)'?");
        assertThat(out.toString()).doesNotContain("word_count");
        assertThat(home.resolve("sessions")).doesNotExist();
    }

    @Test
    void aRuleForTheToolOfADisabledPluginIsOnlyWarnedAbout() throws IOException {
        PluginJarBuilder.plugin("shout-tools").provides(Tool.class, ShoutTool.class).writeTo(home.resolve("plugins"));
        Files.writeString(user, """
                plugins:
                  disabled: [shout-tools]
                permissions:
                  deny: ["shout(*)"]
                """);

        assertThat(run("run", "--example")).as(err.toString()).isZero();

        assertThat(errLines()).contains("agentloop: " + user + ":4: permissions.deny: 'shout(*)' names no installed "
                + "tool ('shout'); the tools are bash, batch, edit, fetch, glob, grep, list, python, read, system_info, "
                + "todo, write, or * for "
                + "all (a plugin that is disabled or did not load, or an MCP server that did not start, may provide "
                + "it)");
    }

    @Test
    void aWronglyTypedEntryIsOneLineNamingFileLineKeyWhatWasExpectedAndWhatWasFound() throws IOException {
        Files.writeString(user, """
                run: {max-iterations: many}
                sandbox: {enabled: maybe}
                providers:
                  openai: http://localhost:8000/v1
                pricing: {openai: cheap}
                """);

        assertThat(run("run", "--example")).isEqualTo(Launcher.CONFIGURATION);

        assertThat(errLines()).containsExactly(
                "agentloop: " + user + ":1: run.max-iterations: expected a whole number, found 'many'",
                "agentloop: " + user + ":2: sandbox.enabled: expected true or false, found 'maybe'",
                "agentloop: " + user + ":4: providers.openai: expected a map of settings, found "
                        + "'http://localhost:8000/v1'",
                "agentloop: " + user + ":5: pricing: expected a list of single values, found a map");
    }

    @Test
    void aKeySetTwiceIsAnErrorBecauseOnlyTheSecondWouldCount() throws IOException {
        Files.writeString(user, """
                permissions:
                  deny: ["bash(rm *)"]
                permissions:
                  mode: edit
                """);

        assertThat(run("config")).isEqualTo(Launcher.CONFIGURATION);

        assertThat(errLines()).containsExactly("agentloop: " + user + ":3: permissions is set a second time (first "
                + "on line 1), and only the second would count: merge the two");
    }

    @Test
    void anInvalidBaseUrlIsAConfigurationErrorNamingTheSetting() throws IOException {
        env.put("AGENTLOOP_PROVIDER", "openai");
        env.put("AGENTLOOP_MODEL", "gpt-test");
        Files.writeString(user, "providers:\n  openai:\n    base-url: not a url\n");

        assertThat(run("run", "hello")).isEqualTo(Launcher.CONFIGURATION);

        assertThat(errLines()).containsExactly("agentloop: provider openai (providers.openai.*): setting "
                + "base-url='not a url' is not an http or https URL; write it like https://api.openai.com/v1");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void aBaseUrlHoldingALineBreakIsRefusedNamingTheSetting() throws IOException {
        env.put("AGENTLOOP_PROVIDER", "openai");
        env.put("AGENTLOOP_MODEL", "gpt-test");
        Files.writeString(user, "providers:\n  openai:\n    base-url: \"http://localhost:8000/v1\\nX-Injected: 1\"\n");

        assertThat(run("run", "hello")).isEqualTo(Launcher.CONFIGURATION);

        assertThat(errLines()).containsExactly("agentloop: provider openai (providers.openai.*): setting "
                + "base-url='http://localhost:8000/v1\\nX-Injected: 1' holds a control character (\\n), which no URL "
                + "holds; write it on one line, like https://api.openai.com/v1");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void configCheckSaysOkAndNamesTheFilesItChecked() throws IOException {
        Files.createDirectories(home.resolve("conf"));
        Files.copy(Path.of("src/conf/agentloop.yaml"), home.resolve("conf/agentloop.yaml"));
        Files.writeString(user, """
                provider: openai
                model: gpt-4.1-mini
                providers:
                  openai:
                    base-url: http://localhost:8000/v1
                    header:
                      X-Title: agentloop
                permissions:
                  deny: ["bash(rm *)", "fetch(*.internal)", "*"]
                """);

        assertThat(run("config", "--check")).as(err.toString()).isZero();

        assertThat(out.toString().lines().toList()).containsExactly("configuration OK (" + home.resolve(
                "conf/agentloop.yaml") + ", " + user + ")");
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void configCheckPrintsEveryProblemOfEveryFileOnALineOfItsOwn() throws IOException {
        Files.createDirectories(home.resolve("conf"));
        Files.writeString(home.resolve("conf/agentloop.json"), "{\n  \"modle\": \"gpt-test\"\n}\n");
        Files.writeString(user, """
                memory:
                  enabled: yes
                tools:
                  fetch:
                    enabeld: true
                permissions:
                  allow: [writ(src/**), "bash(echo *"]
                """);

        assertThat(run("config", "--check")).isEqualTo(Launcher.CONFIGURATION);

        Path json = home.resolve("conf/agentloop.json");
        assertThat(errLines()).containsExactly(
                "agentloop: " + json + ":2: unknown key 'modle'; did you mean 'model'?",
                "agentloop: " + user + ":2: memory.enabled: expected true or false, found 'yes'",
                "agentloop: " + user + ":5: unknown key 'tools.fetch.enabeld'; did you mean 'tools.fetch.enabled'?",
                "agentloop: " + user + ":7: permissions.allow: 'writ(src/**)' names no installed tool ('writ'); did "
                        + "you mean 'write(src/**)'?",
                "agentloop: " + user + ":7: permissions: permission rule 'bash(echo *' is not of the form tool or "
                        + "tool(pattern), for example bash(git *), write(src/**), fetch(*.example.com)");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void theShippedExampleAndEveryDocumentedExampleAreValid() throws IOException {
        String shipped = Files.readString(Path.of("src/conf/agentloop.yaml"));
        // Past the opening paragraph, every line is a setting (or a comment) once its "# " is taken away.
        String uncommented = shipped.substring(shipped.indexOf("\n\n")).replaceAll("(?m)^# ?", "");
        List<String> examples = new java.util.ArrayList<>(List.of(shipped, uncommented));
        for (Path page : Docs.pages(Path.of(".."))) {
            Matcher yaml = Pattern.compile("```yaml\n(.*?)```", Pattern.DOTALL).matcher(Files.readString(page));
            while (yaml.find()) {
                examples.add(yaml.group(1));
            }
        }
        assertThat(examples).hasSizeGreaterThan(8);

        for (String example : examples) {
            Files.writeString(user, example);
            assertThat(run("config", "--check")).as(example + err).isZero();
        }
    }

    @Test
    void theUserFileIsReadFromXdgConfigHomeWhenItIsSet() throws IOException {
        env.remove("AGENTLOOP_CONFIG");
        Path xdg = home.resolve("xdg config");
        env.put("XDG_CONFIG_HOME", xdg.toString());
        Path file = Files.createDirectories(xdg.resolve("agentloop")).resolve("agentloop.yaml");
        Files.writeString(file, "model: from-xdg\n");

        assertThat(run("config", "--check")).as(err.toString()).isZero();
        assertThat(out.toString()).contains("configuration OK (" + file + ")");
        assertThat(run("config")).isZero();
        assertThat(out.toString()).contains("model = from-xdg    (" + file + ")");
        LauncherConfig config = ConfigLoader.read(home, env::get, Map.of()).config();
        assertThat(AgentSetup.skillFolders(config)).contains(xdg.resolve("agentloop/skills"));
        Files.writeString(home.resolve("notes.txt"), "workspace file\n");
        config.apply(Map.of("workspace.root", xdg.toString(), "sandbox.enabled", "false"), "test");
        io.agentloop.api.tool.Workspace workspace = WorkspaceSetup.workspace(config, home);
        assertThat(workspace.permits(file)).as("the user's configuration is no tool's to read").isFalse();
    }

    @Test
    void initWritesIntoXdgConfigHomeWhenItIsSet() throws IOException {
        env.remove("AGENTLOOP_CONFIG");
        Path xdg = home.resolve("xdg");
        env.put("XDG_CONFIG_HOME", xdg.toString());

        assertThat(run("init", "--provider", "openai")).as(err.toString()).isZero();

        assertThat(xdg.resolve("agentloop/agentloop.yaml")).exists();
        assertThat(out.toString()).startsWith("Wrote " + xdg.resolve("agentloop/agentloop.yaml"));
    }

    @Test
    void aValueOutsideItsFixedSetOrRangeIsAnErrorNamingTheAllowedValues() throws IOException {
        Files.writeString(user, """
                permissions:
                  mode: bogus
                output:
                  color: purple
                run:
                  max-iterations: -5
                budget:
                  run-cost: 0
                """);

        assertThat(run("config", "--check")).isEqualTo(Launcher.CONFIGURATION);

        assertThat(errLines()).containsExactly(
                "agentloop: " + user + ":2: permissions.mode: expected one of ask, edit, auto, yes, found 'bogus'",
                "agentloop: " + user + ":4: output.color: expected one of auto, always, never, found 'purple'",
                "agentloop: " + user + ":6: run.max-iterations: expected a whole number of at least 1, found '-5'",
                "agentloop: " + user + ":8: budget.run-cost: expected a number above 0, found '0'");
    }

    @Test
    void aCompactionStrategyThatDoesNotExistIsRefusedByTheCheckAndByTheRun() throws IOException {
        Files.writeString(user, "compaction:\n  strategy: bogus\n");

        assertThat(run("config", "--check")).isEqualTo(Launcher.CONFIGURATION);
        assertThat(errLines()).singleElement().asString().startsWith("agentloop: " + user + ":2: compaction.strategy: "
                + "there is no compaction strategy 'bogus' (there are: ").contains("truncate", "summary");
        err.getBuffer().setLength(0);

        assertThat(run("run", "--example", "count these words")).isEqualTo(Launcher.CONFIGURATION);
        assertThat(err.toString()).contains("there is no compaction strategy 'bogus' (compaction.strategy)");
        assertThat(out.toString()).doesNotContain("COMPLETED");
    }

    @Test
    void aFileThatIsNotUtf8TextIsAnErrorNamingTheLineAndTheByte() throws IOException {
        byte[] text = "model: x\nrun:\n  system: ".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] bytes = java.util.Arrays.copyOf(text, text.length + 3);
        bytes[text.length] = (byte) 0xFF;
        bytes[text.length + 1] = (byte) 0xFE;
        bytes[text.length + 2] = '\n';
        Files.write(user, bytes);

        assertThat(run("config", "--check")).isEqualTo(Launcher.CONFIGURATION);

        assertThat(errLines()).containsExactly("agentloop: " + user + ":3: not UTF-8 text (byte 24 is 0xFF): a "
                + "configuration file is YAML or JSON text in UTF-8; is it the right file?");
    }

    @Test
    void aConfigurationNamedThatIsAFolderAPipeOrADeviceIsNotARegularFileAndIsNeverOpened() throws Exception {
        Path fifo = home.resolve("config.fifo");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
        assertThat(mkfifo.waitFor(1, java.util.concurrent.TimeUnit.MINUTES) && mkfifo.exitValue() == 0)
                .as("mkfifo " + fifo).isTrue();
        Map<Path, String> kinds = Map.of(home, "a folder", fifo, "a named pipe", Path.of("/dev/zero"), "a device");

        kinds.forEach((path, kind) -> {
            env.put("AGENTLOOP_CONFIG", path.toString());
            err.getBuffer().setLength(0);
            // Opening the pipe would wait for a writer that never comes.
            int exit = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofMinutes(2),
                    () -> run("config", "--check"));

            assertThat(exit).isEqualTo(Launcher.CONFIGURATION);
            assertThat(errLines()).containsExactly("agentloop: AGENTLOOP_CONFIG names " + path + ", which is not a "
                    + "regular file (" + kind + "): name a YAML or JSON file");
        });
        env.put("AGENTLOOP_CONFIG", home.resolve("missing.yaml").toString());
        err.getBuffer().setLength(0);
        assertThat(run("config", "--check")).isEqualTo(Launcher.CONFIGURATION);
        assertThat(errLines()).containsExactly("agentloop: AGENTLOOP_CONFIG names " + home.resolve("missing.yaml")
                + ", which does not exist");
    }

    @Test
    void aFileOverOneMegabyteIsRefusedBeforeItIsRead() throws IOException {
        try (java.io.RandomAccessFile file = new java.io.RandomAccessFile(user.toFile(), "rw")) {
            file.setLength(50L * 1024 * 1024);
        }

        assertThat(run("config", "--check")).isEqualTo(Launcher.CONFIGURATION);

        assertThat(errLines()).containsExactly("agentloop: " + user + " is 50.0 MB, more than a configuration file "
                + "may be (1.0 MB): is it the right file?");
    }

    @Test
    void aProviderSettingTheProviderDoesNotDeclareIsAnErrorNamingTheNearestOne() throws IOException {
        Files.writeString(user, """
                providers:
                  openai:
                    temprature: 0.2
                    max-tokens: lots
                    colour: blue
                """);

        assertThat(run("config", "--check")).isEqualTo(Launcher.CONFIGURATION);

        assertThat(errLines()).hasSize(3);
        assertThat(errLines().get(0)).isEqualTo("agentloop: " + user + ":3: unknown key 'providers.openai.temprature'; "
                + "did you mean 'providers.openai.temperature'?");
        assertThat(errLines().get(1)).isEqualTo("agentloop: " + user + ":4: providers.openai.max-tokens: expected a "
                + "whole number, found 'lots'");
        assertThat(errLines().get(2)).startsWith("agentloop: " + user + ":5: unknown key 'providers.openai.colour'");
        err.getBuffer().setLength(0);
        env.put("AGENTLOOP_PROVIDER", "openai");
        env.put("AGENTLOOP_MODEL", "gpt-test");

        assertThat(run("run", "hello")).isEqualTo(Launcher.CONFIGURATION);
        assertThat(err.toString()).contains("did you mean 'providers.openai.temperature'?");
    }

    @Test
    void aPluginsDeclaredSettingsAreCheckedAndListed() throws IOException {
        PluginJarBuilder.plugin("guard").provides(io.agentloop.api.plugin.PluginSettings.class, GuardSettings.class)
                .writeTo(home.resolve("plugins"));
        Files.writeString(user, """
                plugins:
                  guard:
                    patern: "sudo *"
                    max-calls: many
                """);

        assertThat(run("config", "--check")).isEqualTo(Launcher.CONFIGURATION);

        assertThat(errLines()).containsExactly(
                "agentloop: " + user + ":3: unknown key 'plugins.guard.patern'; did you mean 'plugins.guard.pattern'?",
                "agentloop: " + user + ":4: plugins.guard.max-calls: expected a whole number, found 'many'");
        Files.writeString(user, "{}\n");
        err.getBuffer().setLength(0);

        assertThat(run("plugins")).as(err.toString()).isZero();
        assertThat(out.toString().lines().toList()).contains(
                "    setting plugins.guard.pattern (a single value, default rm -rf *): what the guard refuses",
                "    setting plugins.guard.max-calls (a whole number): calls allowed per run");
    }
}
