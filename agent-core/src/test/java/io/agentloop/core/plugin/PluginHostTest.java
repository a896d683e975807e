package io.agentloop.core.plugin;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.event.AgentListener;
import io.agentloop.api.format.Formatter;
import io.agentloop.api.hook.Hook;
import io.agentloop.api.memory.CompactionStrategy;
import io.agentloop.api.memory.LongTermMemory;
import io.agentloop.api.memory.Memory;
import io.agentloop.api.model.ModelProvider;
import io.agentloop.api.session.SessionStore;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolMethods;
import io.agentloop.core.plugin.fixtures.BrokenTool;
import io.agentloop.core.plugin.fixtures.BuiltHook;
import io.agentloop.core.plugin.fixtures.ClashingTool;
import io.agentloop.core.plugin.fixtures.ContextTool;
import io.agentloop.core.plugin.fixtures.EverySpi;
import io.agentloop.core.plugin.fixtures.FixtureTool;
import io.agentloop.core.plugin.fixtures.JacksonTool;
import io.agentloop.core.plugin.fixtures.LazyJacksonTool;
import io.agentloop.core.plugin.fixtures.LifecyclePlugin;
import io.agentloop.core.plugin.fixtures.ReachTool;
import io.agentloop.core.plugin.fixtures.TypoSchemaTool;
import io.agentloop.core.plugin.fixtures.WeatherMethods;
import io.agentloop.core.registry.Extensions;
import io.agentloop.core.registry.Origin;
import io.agentloop.core.registry.Registered;
import io.agentloop.testkit.FakeTool;
import io.agentloop.testkit.PluginJarBuilder;
import io.agentloop.testkit.TestToolContext;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The plugin host with real plugin jars written into a temporary plugins folder. */
class PluginHostTest {
    @TempDir
    Path plugins;

    @TempDir
    Path records;
    private Path lifecycle;

    @BeforeEach
    void recordLifecycles() {
        lifecycle = records.resolve("lifecycle.log");
        System.setProperty(LifecyclePlugin.LOG, lifecycle.toString());
    }

    @AfterEach
    void stopRecording() {
        System.clearProperty(LifecyclePlugin.LOG);
    }

    private PluginHost load(Extensions into, Set<String> disabled) {
        return PluginHost.load(new PluginHostOptions(List.of(plugins), disabled, "0.1.0"), into);
    }

    private static PluginJarBuilder fixtureToolPlugin(String id) {
        return PluginJarBuilder.plugin(id).provides(Tool.class, FixtureTool.class)
                .withEntry("fixture-library.properties", "version=2.0.0-plugin\n");
    }

    @Test
    void aPluginsAnnotatedMethodsAreToolsThatRunInTheLoopAndABrokenOneIsAProblem() {
        PluginJarBuilder.plugin("weather-methods").provides(ToolMethods.class, WeatherMethods.class)
                .withClasses(WeatherMethods.Place.class).writeTo(plugins);
        PluginJarBuilder.plugin("broken-methods").provides(ToolMethods.class, WeatherMethods.Broken.class)
                .writeTo(plugins);
        Extensions extensions = Extensions.empty();

        try (PluginHost host = load(extensions, Set.of())) {
            assertThat(extensions.tools().entries()).extracting(Registered::name, Registered::origin)
                    .containsExactly(org.assertj.core.groups.Tuple.tuple("forecast",
                            Origin.plugin("weather-methods", "1.0.0")));
            assertThat(host.problems()).singleElement().satisfies(problem -> assertThat(problem.toString())
                    .contains("broken-methods").contains(WeatherMethods.Broken.class.getName())
                    .contains("thread"));
            io.agentloop.testkit.ScriptedChatModel model = io.agentloop.testkit.ScriptedChatModel.script()
                    .toolCalls(io.agentloop.api.message.ToolCall.of("c1", "forecast",
                            "{\"places\":[{\"city\":\"Oslo\",\"days\":2}]}"))
                    .toolCalls(io.agentloop.api.message.ToolCall.of("c2", "forecast", "{\"places\":[{\"days\":2}]}"))
                    .answer("Sunny.").build();
            io.agentloop.api.run.RunResult result = io.agentloop.core.Agent.builder().model(model)
                    .tools(extensions.tools().all()).build().run("Weather?");

            assertThat(result.toolCalls()).extracting(call -> call.result().content()).first()
                    .isEqualTo("Oslo for 2 days: sunny");
            assertThat(result.toolCalls().get(1).result().isError()).as("validated: city is required").isTrue();
            assertThat(result.toolCalls().get(1).result().content()).contains("city");
        }
    }

    @Test
    void everySpiTypeIsDiscoveredWithItsPluginAsOrigin() {
        PluginJarBuilder.plugin("all-spi").version("1.4.0")
                .provides(Tool.class, FixtureTool.class)
                .provides(ModelProvider.class, EverySpi.Provider.class)
                .provides(Hook.class, EverySpi.Hook.class)
                .provides(AgentListener.class, EverySpi.Listener.class)
                .provides(Formatter.class, EverySpi.TextFormatter.class)
                .provides(Memory.class, EverySpi.ShortMemory.class)
                .provides(LongTermMemory.class, EverySpi.LongMemory.class)
                .provides(SessionStore.class, EverySpi.Sessions.class)
                .provides(CompactionStrategy.class, EverySpi.Compaction.class)
                .withClasses(EverySpi.class)
                .writeTo(plugins);
        Extensions extensions = Extensions.empty();

        try (PluginHost host = load(extensions, Set.of())) {
            assertThat(host.problems()).isEmpty();
            Origin origin = Origin.plugin("all-spi", "1.4.0");
            assertThat(extensions.tools().entries()).extracting(Registered::name, Registered::origin)
                    .containsExactly(org.assertj.core.groups.Tuple.tuple("fixture_version", origin));
            assertThat(extensions.providers().entries()).extracting(Registered::name).containsExactly("fixture-model");
            assertThat(extensions.hooks().entries()).extracting(Registered::name).containsExactly("fixture-hook");
            assertThat(extensions.listeners().all()).hasSize(1);
            assertThat(extensions.formatters().entries()).extracting(Registered::name).containsExactly("fixture-format");
            assertThat(extensions.memories().all()).hasSize(1);
            assertThat(extensions.longTermMemories().all()).hasSize(1);
            assertThat(extensions.sessionStores().all()).hasSize(1);
            assertThat(extensions.compactionStrategies().entries()).extracting(Registered::name)
                    .containsExactly("fixture-compaction");
            assertThat(host.plugins()).singleElement().satisfies(p -> {
                assertThat(p.id()).isEqualTo("all-spi");
                assertThat(p.state()).isEqualTo("STARTED");
                assertThat(p.extensions()).hasSize(9);
            });
        }
    }

    @Test
    void extensionsComeFromTheIndexAndTheExtensionPointServiceFilesOfThePluginItself() {
        // Descriptor in plugin.properties, one extension in PF4J's index, one in a service file of a jar
        // written without directory entries, and a bundled library's service file naming a class that
        // is not there: that file is not the plugin's extensions and must not be read as such.
        PluginJarBuilder.withoutDescriptor().fileName("indexed.jar")
                .withEntry("plugin.properties", "plugin.id=indexed\nplugin.version=2.1.0\n")
                .withEntry("META-INF/extensions.idx", "# written by the PF4J annotation processor\n"
                        + EverySpi.Hook.class.getName() + "\n")
                .withClasses(EverySpi.Hook.class, EverySpi.class)
                .provides(Tool.class, FixtureTool.class)
                .listsService("java.sql.Driver", "com.example.jdbc.MissingDriver")
                .withoutDirectoryEntries()
                .writeTo(plugins);
        Extensions extensions = Extensions.empty();

        try (PluginHost host = load(extensions, Set.of())) {
            assertThat(host.problems()).isEmpty();
            Origin origin = Origin.plugin("indexed", "2.1.0");
            assertThat(extensions.hooks().entries()).extracting(Registered::name, Registered::origin)
                    .containsExactly(org.assertj.core.groups.Tuple.tuple("fixture-hook", origin));
            assertThat(extensions.tools().entries()).extracting(Registered::name, Registered::origin)
                    .containsExactly(org.assertj.core.groups.Tuple.tuple("fixture_version", origin));
            assertThat(host.plugins()).singleElement().satisfies(p -> {
                assertThat(p.state()).isEqualTo("STARTED");
                assertThat(p.extensions()).containsExactlyInAnyOrder("Tool " + FixtureTool.class.getName(),
                        "Hook " + EverySpi.Hook.class.getName());
            });
        }
    }

    @Test
    void aPluginSeesItsOwnLibraryVersionAndTheHostItsOwn() throws Exception {
        fixtureToolPlugin("isolated").writeTo(plugins);
        Extensions extensions = Extensions.empty();

        try (PluginHost host = load(extensions, Set.of())) {
            Tool tool = extensions.tools().get("fixture_version").orElseThrow();

            assertThat(tool.execute(io.agentloop.api.tool.ToolArguments.of(java.util.Map.of()), new TestToolContext())
                    .content()).isEqualTo("2.0.0-plugin");
            assertThat(FixtureTool.libraryVersion()).isEqualTo("1.0.0-host");
            // The plugin's class is its own copy; the API interface is the host's.
            assertThat(tool.getClass()).isNotSameAs(FixtureTool.class);
            assertThat(tool.getClass().getClassLoader()).isInstanceOf(org.pf4j.PluginClassLoader.class);
            assertThat(tool).isInstanceOf(Tool.class);
        }
    }

    @Test
    void anAuthorsMistakesAreEachOneProblemLineAndThePluginsStateSaysSo() {
        fixtureToolPlugin("typo").listsService(Hook.class.getName(), "io.agentloop.core.plugin.fixtures.AuditHok")
                .writeTo(plugins);
        PluginJarBuilder.plugin("unlisted-hook").withClasses(EverySpi.Hook.class).writeTo(plugins);
        PluginJarBuilder.plugin("wrong-type").provides(Tool.class, EverySpi.Listener.class).writeTo(plugins);
        PluginJarBuilder.plugin("bad-schema").provides(Tool.class, TypoSchemaTool.class).writeTo(plugins);
        fixtureToolPlugin("org.apache.maven.plugins:maven-jar-plugin:3.5.1").fileName("bad-id.jar").writeTo(plugins);
        Extensions extensions = Extensions.empty();

        try (PluginHost host = load(extensions, Set.of())) {
            assertThat(host.problems()).extracting(PluginProblem::toString).containsExactlyInAnyOrder(
                    "bad-id.jar: has the plugin id 'org.apache.maven.plugins:maven-jar-plugin:3.5.1', which is not "
                            + "one: an id is letters, digits, '.', '-' and '_', starting with a letter or digit (the "
                            + "plugin template sets it from its agentloop.plugin.id property)",
                    "bad-schema-1.0.0.jar: tool 'typo_schema' (io.agentloop.core.plugin.fixtures.TypoSchemaTool) is "
                            + "skipped until its parameter schema is fixed: the schema has the keyword 'propertes', "
                            + "which JSON Schema does not know (did you mean 'properties'?); it would be ignored",
                    "typo-1.0.0.jar: META-INF/services/io.agentloop.api.hook.Hook names "
                            + "io.agentloop.core.plugin.fixtures.AuditHok, which is not in the plugin "
                            + "(ClassNotFoundException): fix the name or add the class",
                    "unlisted-hook-1.0.0.jar: io.agentloop.core.plugin.fixtures.EverySpi$Hook is a Hook that no "
                            + "META-INF/services/io.agentloop.api.hook.Hook file (nor an @Extension index) lists, so "
                            + "it is not used: list it there",
                    "wrong-type-1.0.0.jar: META-INF/services/io.agentloop.api.tool.Tool names "
                            + "io.agentloop.core.plugin.fixtures.EverySpi$Listener, which is not a Tool: list it in "
                            + "the service file of what it is (AgentListener)");
            assertThat(host.plugins()).extracting(p -> p.id() + " " + p.state()).containsExactlyInAnyOrder(
                    "bad-schema INCOMPLETE", "typo INCOMPLETE", "unlisted-hook INCOMPLETE", "wrong-type INCOMPLETE");
            assertThat(extensions.tools().get("typo_schema")).as("a broken tool is not offered to a model").isEmpty();
            assertThat(extensions.tools().entries()).extracting(Registered::name)
                    .containsExactly("fixture_version");
            assertThat(extensions.hooks().entries()).as("the unlisted hook is not used").isEmpty();
        }
    }

    @Test
    void aPluginSeesTheJdkTheApiSlf4jAndPf4jOfTheHostAndNothingElse() throws Exception {
        PluginJarBuilder.plugin("reach").provides(Tool.class, ReachTool.class).writeTo(plugins);
        PluginJarBuilder.plugin("borrows-jackson").provides(Tool.class, JacksonTool.class).writeTo(plugins);
        Extensions extensions = Extensions.empty();

        try (PluginHost host = load(extensions, Set.of())) {
            assertThat(host.problems()).extracting(PluginProblem::toString).containsExactly("borrows-jackson-1.0.0.jar: "
                    + "extension io.agentloop.core.plugin.fixtures.JacksonTool needs "
                    + "tools.jackson.databind.json.JsonMapper, which the plugin does not bundle (plugins see only the "
                    + "JDK, agent-api, SLF4J and PF4J of the platform: bundle the library, as the plugin template's "
                    + "shade plugin does), and is skipped");
            Tool reach = extensions.tools().get("reach").orElseThrow();
            assertThat(reach.execute(io.agentloop.api.tool.ToolArguments.of(java.util.Map.of()), new TestToolContext())
                    .content()).isEqualTo("io.agentloop.api.tool.Tool=yes "
                    + "org.slf4j.LoggerFactory=yes org.pf4j.Plugin=yes io.agentloop.core.Agent=no "
                    + "tools.jackson.databind.json.JsonMapper=no java.net.http.HttpClient=yes "
                    + "com.sun.source.util.JavacTask=yes");
            // the test itself reaches both: the host has them
            assertThat(io.agentloop.core.Agent.class).isNotNull();
            assertThat(tools.jackson.databind.json.JsonMapper.class).isNotNull();
        }
    }

    @Test
    void anExtensionThatAsksForItsPluginContextGetsItsIdSettingsAndAPrivateDataFolder() throws Exception {
        PluginJarBuilder.plugin("acme").version("2.3.0").provides(Tool.class, ContextTool.class).writeTo(plugins);
        Path data = records.resolve("plugin-data");
        Extensions extensions = Extensions.empty();

        try (PluginHost host = PluginHost.load(new PluginHostOptions(List.of(plugins), Set.of(), "0.1.0",
                java.util.Map.of("acme.endpoint", "https://acme.test", "acme.retries", "2",
                        "other.endpoint", "not for acme", "acme.tools.endpoint", "for acme.tools"), data), extensions)) {
            assertThat(host.problems()).isEmpty();
            String report = extensions.tools().get("context").orElseThrow()
                    .execute(io.agentloop.api.tool.ToolArguments.of(java.util.Map.of()), new TestToolContext())
                    .content();
            assertThat(report).isEqualTo("acme@2.3.0 {endpoint=https://acme.test, retries=2, tools.endpoint=for acme.tools} "
                    + data.resolve("acme"));
            assertThat(java.nio.file.Files.getPosixFilePermissions(data.resolve("acme")))
                    .isEqualTo(java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
        }
    }

    @Test
    void badPluginsAreReportedOneByOneAndTheGoodOnesStillLoad() {
        fixtureToolPlugin("good").writeTo(plugins);
        PluginJarBuilder.corrupt(plugins, "corrupt.jar");
        PluginJarBuilder.withoutDescriptor().fileName("no-descriptor.jar").provides(Tool.class, FixtureTool.class)
                .writeTo(plugins);
        PluginJarBuilder.plugin("missing-class").pluginClass("com.acme.DoesNotExist").writeTo(plugins);
        PluginJarBuilder.plugin("throws-on-start").pluginClass(LifecyclePlugin.FailingStart.class.getName())
                .withClasses(LifecyclePlugin.class, LifecyclePlugin.FailingStart.class)
                .provides(Tool.class, FixtureTool.class).writeTo(plugins);
        PluginJarBuilder.plugin("broken-extension").provides(Tool.class, BrokenTool.class).writeTo(plugins);
        fixtureToolPlugin("good").fileName("zz-duplicate-good.jar").writeTo(plugins);
        PluginJarBuilder.plugin("from-the-future").requires(">=9.0.0").provides(Tool.class, FixtureTool.class)
                .writeTo(plugins);
        Extensions extensions = Extensions.empty();

        try (PluginHost host = load(extensions, Set.of())) {
            assertThat(host.problems()).extracting(PluginProblem::toString).containsExactlyInAnyOrder(
                    "broken-extension-1.0.0.jar: extension io.agentloop.core.plugin.fixtures.BrokenTool could not be "
                            + "created (IllegalStateException: constructor boom) and is skipped",
                    "corrupt.jar: cannot be read as a plugin jar (ZipException: zip END header not found); replace it "
                            + "with a plugin jar built from the plugin template",
                    "from-the-future-1.0.0.jar: needs Agentloop >=9.0.0 but this is 0.1.0; upgrade Agentloop or use a "
                            + "version of the plugin made for this one",
                    "missing-class-1.0.0.jar: its Plugin-Class com.acme.DoesNotExist cannot be loaded from the jar; "
                            + "fix the manifest or add the class",
                    "no-descriptor.jar: has no usable plugin descriptor (Field 'id' cannot be empty); its MANIFEST.MF "
                            + "needs Plugin-Id and Plugin-Version (the plugin template writes them)",
                    "throws-on-start-1.0.0.jar: failed to start (IllegalStateException: boom in start); its other "
                            + "extensions are not used",
                    "zz-duplicate-good.jar: has the same plugin id (good) as good-1.0.0.jar, already loaded; keep "
                            + "only one of them in the plugin folders");
            assertThat(extensions.tools().entries()).singleElement()
                    .satisfies(r -> assertThat(r.origin()).isEqualTo(Origin.plugin("good", "1.0.0")));
        }
    }

    @Test
    void aPluginToolCannotShadowABuiltIn() {
        PluginJarBuilder.plugin("shadow").provides(Tool.class, ClashingTool.class).writeTo(plugins);
        Extensions extensions = Extensions.empty();
        Tool builtIn = FakeTool.named("read").returning("the real read");
        extensions.add(builtIn, Origin.BUILT_IN);

        try (PluginHost host = load(extensions, Set.of())) {
            assertThat(extensions.tools().get("read")).containsSame(builtIn);
            assertThat(host.problems()).extracting(PluginProblem::toString).containsExactly(
                    "shadow-1.0.0.jar: tool 'read' from plugin shadow@1.0.0 is ignored: built-in already provides it");
            // its only tool is not used: not STARTED, and the refused tool is not listed as contributed
            assertThat(host.plugins()).singleElement().satisfies(plugin -> {
                assertThat(plugin.state()).isEqualTo("INCOMPLETE");
                assertThat(plugin.extensions()).isEmpty();
            });
        }
    }

    @Test
    void aDisabledPluginIsNeitherStartedNorUsed() throws Exception {
        fixtureToolPlugin("off").pluginClass(LifecyclePlugin.class.getName()).withClasses(LifecyclePlugin.class)
                .writeTo(plugins);
        Extensions extensions = Extensions.empty();

        try (PluginHost host = load(extensions, Set.of("off"))) {
            assertThat(host.problems()).isEmpty();
            assertThat(extensions.tools().all()).isEmpty();
            assertThat(host.plugins()).singleElement().satisfies(p -> assertThat(p.state()).isEqualTo("DISABLED"));
            assertThat(LifecyclePlugin.events(lifecycle)).doesNotContain("start off");
        }
    }

    @Test
    void pluginsStopOneByOneLastStartedFirst() throws Exception {
        for (String id : List.of("alpha", "bravo", "charlie")) {
            PluginJarBuilder.plugin("order-" + id).pluginClass(LifecyclePlugin.class.getName())
                    .withClasses(LifecyclePlugin.class).writeTo(plugins);
        }

        PluginHost host = load(Extensions.empty(), Set.of());
        host.close();

        assertThat(LifecyclePlugin.events(lifecycle)).containsExactly("start order-alpha", "start order-bravo",
                "start order-charlie", "stop order-charlie", "stop order-bravo", "stop order-alpha");
    }

    @Test
    void aMissingFolderIsNoPlugins() {
        try (PluginHost host = PluginHost.load(new PluginHostOptions(List.of(plugins.resolve("absent")), Set.of(),
                "0.1.0"), Extensions.empty())) {
            assertThat(host.plugins()).isEmpty();
            assertThat(host.problems()).isEmpty();
        }
    }

    @Test
    void aPluginWithAMissingDependencyFailsAloneAndClosingStaysQuiet() {
        fixtureToolPlugin("first").writeTo(plugins);
        PluginJarBuilder.plugin("needy").dependsOn("absent-plugin").provides(Tool.class, ClashingTool.class)
                .writeTo(plugins);
        PluginJarBuilder.plugin("last").provides(Hook.class, EverySpi.Hook.class).withClasses(EverySpi.class)
                .writeTo(plugins);
        Extensions extensions = Extensions.empty();

        PluginHost host = load(extensions, Set.of());
        try {
            assertThat(host.plugins()).extracting(PluginInfo::id, PluginInfo::state).containsExactlyInAnyOrder(
                    org.assertj.core.groups.Tuple.tuple("first", "STARTED"),
                    org.assertj.core.groups.Tuple.tuple("needy", "FAILED"),
                    org.assertj.core.groups.Tuple.tuple("last", "STARTED"));
            assertThat(host.problems()).singleElement().asString().contains("needy-1.0.0.jar")
                    .contains("depends on plugins that are not installed: absent-plugin");
            assertThat(extensions.tools().entries()).extracting(Registered::name).containsExactly("fixture_version");
        } finally {
            host.close();
        }
    }

    @Test
    void classesTheCheckMustNotFlagAndAMalformedClassFileAreHandled() {
        // a public hook built by the plugin's own code (a constructor with an argument) is not an unlisted extension
        fixtureToolPlugin("builds-its-hook").withClasses(BuiltHook.class).writeTo(plugins);
        PluginJarBuilder.plugin("garbled").withEntry("io/agentloop/core/plugin/fixtures/Garbled.class",
                new byte[] {(byte) 0xCA, (byte) 0xFE, (byte) 0xBA, (byte) 0xBE, 0, 0, 0, 61, 0, 3, 7, 0, 9})
                .fileName("garbled.jar").writeTo(plugins);
        Extensions extensions = Extensions.empty();

        try (PluginHost host = load(extensions, Set.of())) {
            assertThat(host.problems()).extracting(PluginProblem::toString).singleElement().asString()
                    .startsWith("garbled.jar: io/agentloop/core/plugin/fixtures/Garbled.class is not a readable class "
                            + "file (");
            assertThat(host.plugins()).extracting(p -> p.id() + " " + p.state())
                    .containsExactlyInAnyOrder("builds-its-hook STARTED", "garbled STARTED");
        }
    }

    @Test
    void theShadePluginsOriginalJarCopiedAlongIsNamedAndTheRealOneLoads() {
        fixtureToolPlugin("hello").fileName("hello-plugin-1.0.jar").writeTo(plugins);
        PluginJarBuilder.plugin("hello").fileName("original-hello-plugin-1.0.jar").writeTo(plugins);
        Extensions extensions = Extensions.empty();

        try (PluginHost host = load(extensions, Set.of())) {
            assertThat(host.problems()).extracting(PluginProblem::toString).containsExactly(
                    "original-hello-plugin-1.0.jar: is the build's copy of hello-plugin-1.0.jar without the libraries "
                            + "bundled into it (the shade plugin leaves it in target/), so it is not loaded: delete it "
                            + "from the plugin folder");
            assertThat(extensions.tools().get("fixture_version")).isPresent();
            assertThat(host.plugins()).extracting(PluginInfo::file).extracting(p -> p.getFileName().toString())
                    .containsExactly("hello-plugin-1.0.jar");
        }
    }

    @Test
    void theShadePluginsOriginalJarAloneIsNamedAndFailedInsteadOfBreakingAtItsFirstCall() {
        PluginJarBuilder.plugin("lazy").fileName("original-lazy-plugin-1.0.jar")
                .provides(Tool.class, LazyJacksonTool.class).writeTo(plugins);
        Extensions extensions = Extensions.empty();

        try (PluginHost host = load(extensions, Set.of())) {
            assertThat(host.problems()).extracting(PluginProblem::toString).singleElement().asString()
                    .startsWith("original-lazy-plugin-1.0.jar: is the build's copy of lazy-plugin-1.0.jar without the "
                            + "libraries bundled into it: its code needs tools.jackson.databind.")
                    .endsWith(", which it does not hold, so it is not started; install lazy-plugin-1.0.jar (the shaded "
                            + "jar in target/) instead");
            assertThat(host.plugins()).singleElement().extracting(PluginInfo::state).isEqualTo("FAILED");
            assertThat(extensions.tools().get("lazy_jackson")).isEmpty();
        }
    }

    @Test
    void anOriginalJarWhoseCodeNeedsNothingMoreLoadsAsItIs() {
        fixtureToolPlugin("plain").fileName("original-plain-1.0.jar").writeTo(plugins);
        Extensions extensions = Extensions.empty();

        try (PluginHost host = load(extensions, Set.of())) {
            assertThat(host.problems()).isEmpty();
            assertThat(host.plugins()).singleElement().extracting(PluginInfo::state).isEqualTo("STARTED");
        }
    }

    @Test
    void aProblemWhoseCauseSpansLinesIsOneLine() {
        PluginProblem problem = new PluginProblem(plugins.resolve("multi.jar"),
                "failed to start (IllegalStateException: first line\n  second line\r\nthird)");

        assertThat(problem.toString()).isEqualTo("multi.jar: failed to start (IllegalStateException: first line "
                + "second line third)").doesNotContain("\n");
    }

    @Test
    void twoJarsWithTheSameIdAreBothNamed() {
        fixtureToolPlugin("twin").fileName("twin-a.jar").writeTo(plugins);
        fixtureToolPlugin("twin").fileName("twin-b.jar").writeTo(plugins);

        try (PluginHost host = load(Extensions.empty(), Set.of())) {
            assertThat(host.problems()).singleElement().asString().contains("twin-b.jar")
                    .contains("has the same plugin id (twin) as twin-a.jar, already loaded");
        }
    }
}
