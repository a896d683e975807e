package io.agentloop.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentloop.api.message.ToolCall;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolMethod;
import io.agentloop.testkit.ScriptedChatModel;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.module.Configuration;
import java.lang.module.ModuleFinder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A program on the module path that forgot to export its tools to the core, or to open its answer
 * records to Jackson: one error when the tools are made or the run starts, naming the line to add,
 * and the model is never asked. Each program is a real module, compiled here with its own
 * {@code module-info.java} and loaded in a layer over the one the core runs in.
 */
class ModulePathSetupTest {
    private static final String TOOL = """
            package com.acme.tools;
            public final class Clock {
                @io.agentloop.api.tool.ToolMethod(description = "The time.", readOnly = true)
                public String now() {
                    return "noon";
                }
            }
            """;
    private static final String ANSWER = """
            package com.acme.answers;
            public record Verdict(String verdict) {
            }
            """;
    private static final String SETUP = """
            package com.acme.api;
            public final class Setup {
                public static Object tools() {
                    return new com.acme.tools.Clock();
                }
                public static Class<?> answer() {
                    return com.acme.answers.Verdict.class;
                }
            }
            """;

    @TempDir
    static Path folder;

    @BeforeAll
    static void theCoreRunsOnTheModulePath() {
        assertThat(Agent.class.getModule().isNamed()).as("these tests need the core on the module path").isTrue();
    }

    @Test
    void aToolInAPackageNotExportedToTheCoreIsRefusedWhenTheToolsAreMade() throws Exception {
        Class<?> setup = program("com.acme", "exports com.acme.api;");
        Object clock = setup.getMethod("tools").invoke(null);

        assertThatThrownBy(() -> AnnotatedTools.from(clock)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("io.agentloop.core calls com.acme.tools.Clock.now, but module com.acme does not export "
                        + "com.acme.tools to io.agentloop.core: add `exports com.acme.tools to io.agentloop.core;` "
                        + "to its module-info.java");
    }

    @Test
    void aStructuredAnswerIntoARecordJacksonCannotReachFailsBeforeTheModelIsAsked() throws Exception {
        Class<?> setup = program("com.acme.closed", "exports com.acme.api;");
        Class<?> verdict = (Class<?>) setup.getMethod("answer").invoke(null);
        ScriptedChatModel model = ScriptedChatModel.script().answer("{\"verdict\":\"fine\"}").build();
        Agent agent = Agent.builder().model(model).build();

        assertThatThrownBy(() -> agent.run("Judge it.", verdict)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("tools.jackson.databind reads values into com.acme.answers.Verdict, "
                        + "but module com.acme.closed does not export com.acme.answers "
                        + "to tools.jackson.databind: add `exports com.acme.answers to tools.jackson.databind;` to "
                        + "its module-info.java");
        assertThat(model.requests()).as("the model is never asked for a setup mistake").isEmpty();
    }

    @Test
    void withTheLinesTheErrorsNameTheToolIsCalledAndTheAnswerRead() throws Exception {
        Class<?> setup = program("com.acme.fixed", """
                exports com.acme.api;
                exports com.acme.tools to io.agentloop.core;
                exports com.acme.answers to tools.jackson.databind;
                """);
        List<Tool> tools = AnnotatedTools.from(setup.getMethod("tools").invoke(null));
        Class<?> verdict = (Class<?>) setup.getMethod("answer").invoke(null);
        ScriptedChatModel model = ScriptedChatModel.script().toolCalls(ToolCall.of("c1", "now", "{}"))
                .answer("{\"verdict\":\"fine\"}").build();

        Object answer = Agent.builder().model(model).tools(tools).build().run("Judge it.", verdict);

        assertThat(answer.toString()).isEqualTo("Verdict[verdict=fine]");
        assertThat(model.requests().get(1).messages().toString()).contains("noon");
    }

    /**
     * Compiles a module {@code name} of the three classes above with {@code exports} in its
     * module-info, loads it in a layer of its own and returns its {@code Setup} class.
     */
    private static Class<?> program(String name, String exports) throws Exception {
        Path sources = Files.createDirectories(folder.resolve(name + "-src"));
        write(sources.resolve("module-info.java"), "module " + name + " {\n requires io.agentloop.api;\n" + exports
                + "}\n");
        write(sources.resolve("com/acme/tools/Clock.java"), TOOL);
        write(sources.resolve("com/acme/answers/Verdict.java"), ANSWER);
        write(sources.resolve("com/acme/api/Setup.java"), SETUP);
        Path classes = Files.createDirectories(folder.resolve(name));
        List<String> arguments = new ArrayList<>(List.of("-d", classes.toString(), "--module-path",
                location(ToolMethod.class).toString(), "-Xlint:-module"));
        try (Stream<Path> files = Files.walk(sources)) {
            files.filter(f -> f.toString().endsWith(".java")).forEach(f -> arguments.add(f.toString()));
        }
        java.util.spi.ToolProvider javac = java.util.spi.ToolProvider.findFirst("javac").orElseThrow();
        StringWriter output = new StringWriter();
        int exit = javac.run(new PrintWriter(output), new PrintWriter(output), arguments.toArray(String[]::new));
        assertThat(exit).as(output.toString()).isZero();

        ModuleLayer parent = Agent.class.getModule().getLayer();
        Configuration configuration = parent.configuration().resolve(ModuleFinder.of(classes), ModuleFinder.of(),
                Set.of(name));
        ModuleLayer layer = parent.defineModulesWithOneLoader(configuration, ClassLoader.getSystemClassLoader());
        return layer.findLoader(name).loadClass("com.acme.api.Setup");
    }

    private static Path location(Class<?> type) throws Exception {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }
}
