package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every shape well-formed YAML can take, given to {@code config --check} and to {@code run}: a
 * shape the schema reads is read (aliases resolved), any other is one line naming the file, the
 * line and the key's path, and exit code 3; never a stack trace.
 */
class ConfigShapesTest {
    @TempDir
    Path home;

    private final Map<String, String> env = new HashMap<>();
    private Path user;

    @BeforeEach
    void setUp() throws IOException {
        Files.createDirectories(home.resolve("plugins"));
        user = home.resolve("user.yaml");
        env.put("AGENTLOOP_CONFIG", user.toString());
        env.put("AGENTLOOP_SESSIONS", home.resolve("sessions").toString());
    }

    /** A shape the launcher cannot read, and the one line that says so (after "agentloop: FILE"). */
    static Stream<Arguments> refused() {
        return Stream.of(
                Arguments.of("a list of maps where no key is (command hooks)", """
                        hooks:
                          pre-tool:
                            - matcher: write
                              command: "exit 0"
                        """, ":1: unknown key 'hooks'; known keys here: provider, model, run, providers, mcp, agents, "
                        + "hub, plugins, workspace, sandbox, permissions, tools, sessions, pricing, budget, guard, "
                        + "trace, compaction, skills, memory, server, temporal, output"),
                Arguments.of("a list of maps as permission rules", """
                        permissions:
                          deny:
                            - tool: bash
                              pattern: rm *
                        """, ":2: permissions.deny: expected a list of single values, found a list holding a map"),
                Arguments.of("a list of maps as sub-agents", """
                        agents:
                          - name: reviewer
                            description: reviews the change
                        """, ":1: agents: expected a map (agents.<name>), found a list holding a map"),
                Arguments.of("a list of maps as MCP servers", """
                        mcp:
                          servers:
                            - name: files
                              command: node
                        """, ":2: mcp.servers: expected a map of settings, found a list holding a map"),
                Arguments.of("a list of maps in a provider's settings", """
                        providers:
                          openai:
                            header:
                              - X-Title: agentloop
                        """, ":3: providers.openai.header: expected a single value, a list of single values or a "
                        + "map, found a list holding a map"),
                Arguments.of("a nested list", """
                        run:
                          stop: [[END, STOP], DONE]
                        """, ":2: run.stop: expected a list of single values, found a list holding a list"),
                Arguments.of("a nested list in a server's settings", """
                        mcp:
                          servers:
                            files:
                              command: node
                              args: [[server.js]]
                        """, ":5: mcp.servers.files.args: expected a single value, a list of single values or a map, "
                        + "found a list holding a list"),
                Arguments.of("a list where a single value goes", """
                        model: [gpt-test, [other]]
                        """, ":1: model: expected a single value, found a list holding a list"),
                Arguments.of("a map where a list goes", """
                        tools:
                          disabled: {bash: true}
                        """, ":2: tools.disabled: expected a list of single values, found a map"),
                Arguments.of("an empty item in a list", """
                        permissions:
                          deny: ["bash(rm *)", null]
                        """, ":2: permissions.deny: expected a list of single values, found a list holding an empty "
                        + "item"),
                Arguments.of("an alias naming no anchor", """
                        model: *nothing
                        """, ":1: *nothing names no anchor: write &nothing on the value it repeats, above it"),
                Arguments.of("a merge of something not a map", """
                        run:
                          <<: 3
                        """, ":2: run.<<: expected a map to merge (<<: *name), found '3'"),
                Arguments.of("several documents", """
                        model: gpt-test
                        ---
                        model: gpt-other
                        """, ":3: a second document starts here (after ---), and only the first would be read: a "
                        + "configuration file is one map of settings; merge the two"),
                Arguments.of("a list at the root", """
                        - provider: openai
                        - model: gpt-test
                        """, " must hold a map of settings (provider: ..., model: ...), not a list holding a map"),
                Arguments.of("a single value at the root", """
                        openai
                        """, " must hold a map of settings (provider: ..., model: ...), not 'openai'"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refused")
    void aShapeTheSchemaDoesNotReadIsOneLineNamingThePathForTheCheckAndForTheRun(String shape, String yaml,
                                                                                String line) throws IOException {
        Files.writeString(user, yaml);

        for (List<String> command : List.of(List.of("config", "--check"), List.of("run", "--example", "hello"))) {
            Printed printed = run(command.toArray(String[]::new));

            assertThat(printed.exit()).as(command + ": " + printed).isEqualTo(Launcher.CONFIGURATION);
            assertThat(printed.err().lines().toList()).as(command.toString())
                    .containsExactly("agentloop: " + user + line);
        }
    }

    /** A shape the launcher reads, and settings it must hold once read. */
    static Stream<Arguments> read() {
        return Stream.of(
                Arguments.of("scalars of every type", """
                        model: gpt-test
                        run:
                          max-iterations: 3
                          temperature: 0.5
                          parallel-tools: true
                          iteration-timeout: 2m
                        """, List.of("model = gpt-test", "run.max-iterations = 3", "run.temperature = 0.5",
                        "run.parallel-tools = true", "run.iteration-timeout = 2m")),
                Arguments.of("lists, flow and block", """
                        permissions:
                          deny: ["bash(rm *)", "fetch(*.internal)"]
                        workspace:
                          env-allow:
                            - LANG
                            - TZ
                        """, List.of("permissions.deny = bash(rm *),fetch(*.internal)", "workspace.env-allow = LANG,TZ")),
                Arguments.of("nulls: an empty section and an empty value", """
                        model: gpt-test
                        run:
                        sandbox:
                          program:
                        permissions:
                          mode: null
                        """, List.of("model = gpt-test")),
                Arguments.of("anchors and aliases of a value, a list and a map", """
                        model: &model gpt-test
                        run:
                          system: *model
                          stop: &ends [END, STOP]
                        workspace:
                          env-allow: *ends
                        providers:
                          openai: &local
                            base-url: http://127.0.0.1:1/v1
                          ollama: *local
                        """, List.of("run.system = gpt-test", "workspace.env-allow = END,STOP",
                        "providers.ollama.base-url = http://127.0.0.1:1/v1")),
                Arguments.of("a merge key, the map's own keys winning", """
                        providers:
                          openai: &local
                            base-url: http://127.0.0.1:1/v1
                            temperature: 0.2
                          ollama:
                            temperature: 0.7
                            <<: *local
                        """, List.of("providers.ollama.base-url = http://127.0.0.1:1/v1",
                        "providers.ollama.temperature = 0.7")),
                Arguments.of("an empty document", "", List.of()),
                Arguments.of("a document of nothing but ---", "---\n", List.of()),
                Arguments.of("an empty document before the one that counts", "---\n---\nmodel: gpt-test\n",
                        List.of("model = gpt-test")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("read")
    void aShapeTheSchemaReadsIsReadAsWrittenForTheCheckAndForTheRun(String shape, String yaml,
                                                                    List<String> settings) throws IOException {
        Files.writeString(user, yaml);

        Printed check = run("config", "--check");
        assertThat(check.exit()).as(check.toString()).isZero();
        assertThat(check.err()).isEmpty();
        Printed config = run("config");
        assertThat(config.out().lines().map(line -> line.replaceAll(" {4}\\(.*\\)$", "")).toList())
                .containsAll(settings);
        Printed run = run("run", "--example", "hello");
        assertThat(run.exit()).as(run.toString()).isZero();
        assertThat(run.err()).doesNotContain("Exception").doesNotContain("\tat ");
    }

    @Test
    void aJsonFileHoldingAListOfMapsIsOneLineNamingThePath() throws IOException {
        user = home.resolve("user.json");
        env.put("AGENTLOOP_CONFIG", user.toString());
        Files.writeString(user, """
                {
                  "permissions": {
                    "allow": [{"tool": "write", "pattern": "src/**"}]
                  }
                }
                """);

        Printed printed = run("config", "--check");

        assertThat(printed.exit()).isEqualTo(Launcher.CONFIGURATION);
        assertThat(printed.err().lines().toList()).containsExactly("agentloop: " + user + ":3: permissions.allow: "
                + "expected a list of single values, found a list holding a map");
    }

    @Test
    void aKeySetTwiceInsideAListItemOrAnAliasedMapIsStillOneLine() throws IOException {
        Files.writeString(user, """
                providers:
                  openai: &local
                    base-url: http://127.0.0.1:1/v1
                  ollama: *local
                  ollama:
                    max-tokens: 5
                """);

        Printed printed = run("config", "--check");

        assertThat(printed.exit()).isEqualTo(Launcher.CONFIGURATION);
        assertThat(printed.err().lines().toList()).containsExactly("agentloop: " + user + ":5: providers.ollama is "
                + "set a second time (first on line 4), and only the second would count: merge the two");
    }

    @Test
    void aliasesThatWouldRepeatAValueBillionsOfTimesAreRefusedBeforeTheyAreExpanded() throws IOException {
        StringBuilder yaml = new StringBuilder("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
        for (int i = 1; i < 10; i++) {
            yaml.append("a").append(i).append(": &a").append(i).append(" [");
            for (int j = 0; j < 10; j++) {
                yaml.append(j == 0 ? "" : ", ").append("*a").append(i - 1);
            }
            yaml.append("]\n");
        }
        Files.writeString(user, yaml);

        Printed printed = run("config", "--check");

        assertThat(printed.exit()).isEqualTo(Launcher.CONFIGURATION);
        assertThat(printed.err().lines().toList()).singleElement().asString().startsWith("agentloop: " + user + ":")
                .endsWith(": the aliases repeat more than " + ConfigTree.MAX_ALIASED + " values; is it the right file?");
    }

    @Test
    void aListNestedThousandsDeepOrAnAliasInsideItsOwnAnchorIsOneLine() throws IOException {
        Map<String, String> lines = Map.of(
                "run:\n  stop: " + "[".repeat(5_000) + "]".repeat(5_000) + "\n", ": not valid YAML: Document nesting "
                        + "depth (501) exceeds the maximum allowed",
                "run:\n  stop: &loop [a, *loop]\n", ":2: *loop is inside the value &loop anchors, which cannot hold "
                        + "itself");
        for (Map.Entry<String, String> file : lines.entrySet()) {
            Files.writeString(user, file.getKey());

            Printed printed = run("config", "--check");

            assertThat(printed.exit()).as(printed.toString()).isEqualTo(Launcher.CONFIGURATION);
            assertThat(printed.err().lines().toList()).singleElement().asString()
                    .startsWith("agentloop: " + user + file.getValue());
        }
    }

    private Printed run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Launcher.run(args, home, env::get, new PrintWriter(out), new PrintWriter(err));
        return new Printed(exit, out.toString(), err.toString());
    }

    private record Printed(int exit, String out, String err) {
    }
}
