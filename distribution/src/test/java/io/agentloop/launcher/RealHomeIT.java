package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.launcher.InstalledLauncher.Outcome;
import io.agentloop.testkit.VisibleTempDir;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every built-in tool, called once by the model through the installed launcher, works for a home
 * where real users have theirs (not under {@code /tmp}, which the command sandbox replaces and so
 * hides what it mounts over the home): with the default layout (no {@code XDG_*} variable, the
 * data folder holding the sessions, the configuration folder holding the user's skills), and with
 * the XDG folders elsewhere, apart or nested in each other, and the sessions moved.
 */
class RealHomeIT {
    private static final String SKILL = "---\nname: greeting\ndescription: Greets the user; use when asked to greet."
            + "\n---\nSay skill-body-5521 to the user.\n";

    @TempDir(factory = VisibleTempDir.class)
    Path work;

    private final MockWebServer server = new MockWebServer();
    private final ScriptedModel model = new ScriptedModel();
    private final MockWebServer page = new MockWebServer();
    private InstalledLauncher installed;
    private Path home;
    private Path project;

    @BeforeEach
    void setUp() throws IOException {
        server.setDispatcher(model);
        server.start(0);
        page.start(InetAddress.getByName("127.0.0.1"), 0);
        home = work.resolve("home");
        installed = InstalledLauncher.copyInto(work, home, server);
        project = Files.createDirectories(work.resolve("project"));
        installed.runningIn(project);
        // what a user of the launcher has in a real home, whatever the variables say
        Files.createDirectories(home.resolve(".local/share/agentloop/sessions"));
        Files.createDirectories(home.resolve(".config/agentloop"));
        // every file at its default place: the home's, or the XDG folders' when a test sets them
        for (String variable : List.of("AGENTLOOP_CONFIG", "AGENTLOOP_SESSIONS", "AGENTLOOP_AUDIT_LOG")) {
            installed.extraEnv().put(variable, null);
        }
    }

    @AfterEach
    void tearDown() {
        model.close();
        server.close();
        page.close();
    }

    @Test
    void everyBuiltInToolWorksWithTheDefaultLayoutOfARealHome() throws Exception {
        Path sessions = home.resolve(".local/share/agentloop/sessions");

        runEveryTool(home.resolve(".config/agentloop"), "");

        assertThat(sessionFiles(sessions)).as("the run's session, where the layout puts it").isNotEmpty();
    }

    @Test
    void everyBuiltInToolWorksWithTheXdgFoldersElsewhereAndTheSessionsMoved() throws Exception {
        Path xdg = work.resolve("xdg");
        for (String name : List.of("data", "config", "state", "cache")) {
            installed.extraEnv().put("XDG_" + name.toUpperCase(java.util.Locale.ROOT) + "_HOME",
                    Files.createDirectories(xdg.resolve(name)).toString());
        }
        Path sessions = Files.createDirectories(work.resolve("moved/sessions"));

        runEveryTool(xdg.resolve("config/agentloop"), "sessions:\n  folder: " + sessions + "\n");

        assertThat(sessionFiles(sessions)).as("the run's session, where the layout puts it").isNotEmpty();
    }

    @Test
    void everyBuiltInToolWorksWithTheXdgFoldersNestedInEachOtherAndTheSessionsMovedInside() throws Exception {
        // configuration and data share one folder; state and cache lie inside it, the sessions inside its agentloop/
        Path xdg = Files.createDirectories(work.resolve("xdg"));
        installed.extraEnv().put("XDG_DATA_HOME", xdg.toString());
        installed.extraEnv().put("XDG_CONFIG_HOME", xdg.toString());
        installed.extraEnv().put("XDG_STATE_HOME", Files.createDirectories(xdg.resolve("agentloop/state")).toString());
        installed.extraEnv().put("XDG_CACHE_HOME", Files.createDirectories(xdg.resolve("cache")).toString());
        Path sessions = Files.createDirectories(xdg.resolve("agentloop/moved/sessions"));
        installed.extraEnv().put("AGENTLOOP_SESSIONS", sessions.toString());

        runEveryTool(xdg.resolve("agentloop"), "");

        assertThat(sessionFiles(sessions)).as("the run's session, where the layout puts it").isNotEmpty();
    }

    /**
     * Writes the user's configuration (fetch on for the page server, a sub-agent) and skill in
     * {@code userFolder}, scripts one call of each built-in tool the launcher lists, then an answer,
     * and checks that each call succeeded with what the tool does.
     */
    private void runEveryTool(Path userFolder, String moreConfiguration) throws Exception {
        Files.createDirectories(userFolder.resolve("skills/greeting"));
        Files.writeString(userFolder.resolve("skills/greeting/SKILL.md"), SKILL);
        Files.writeString(userFolder.resolve("agentloop.yaml"), "tools:\n  fetch:\n    enabled: true\n"
                + "    allow-hosts: [127.0.0.1]\n    allow-private: true\nagents:\n  helper:\n"
                + "    description: Answers small questions\n    tools: [read]\n" + moreConfiguration);
        page.enqueue(new MockResponse.Builder().code(200).addHeader("Content-Type", "text/html")
                .body("<html><body><p>page-for-fetch-8830</p></body></html>").build());
        List<String[]> calls = List.of(
                call("bash", "{\"command\":\"echo made-by-bash > bash.txt && cat bash.txt && ls -A "
                        + "\\\"$HOME/.local/share/agentloop\\\" | wc -l\"}"),
                call("python", "{\"code\":\"print('made-by-' + 'python-6604')\"}"),
                call("system_info", "{}"),
                call("write", "{\"path\":\"notes.txt\",\"content\":\"alpha\\nbeta\\n\"}"),
                call("edit", "{\"path\":\"notes.txt\",\"old_string\":\"beta\",\"new_string\":\"gamma-3309\"}"),
                call("read", "{\"path\":\"notes.txt\"}"),
                call("list", "{\"path\":\".\"}"),
                call("glob", "{\"pattern\":\"*.txt\"}"),
                call("grep", "{\"pattern\":\"gamma-[0-9]+\"}"),
                call("batch", "{\"calls\":[{\"tool\":\"read\",\"arguments\":{\"path\":\"bash.txt\"}},"
                        + "{\"tool\":\"glob\",\"arguments\":{\"pattern\":\"notes.*\"}}]}"),
                call("todo", "{\"todos\":[{\"content\":\"call every tool\",\"status\":\"in_progress\"}]}"),
                call("fetch", "{\"url\":\"http://127.0.0.1:" + page.getPort() + "/page\"}"),
                call("skill", "{\"name\":\"greeting\"}"),
                call("task", "{\"agent\":\"helper\",\"task\":\"Say hello\"}"));
        for (String[] call : calls) {
            model.then(FakeOpenAi.toolCall("call_" + call[0], call[0], call[1]));
            if (call[0].equals("task")) {
                model.then(FakeOpenAi.answer("helper-answer-7741"));
            }
        }
        model.then(FakeOpenAi.answer("Every tool was called."));

        Outcome listed = installed.run("tools");
        Outcome run = installed.run("run", "--yes", "--max-iterations", "20", "Call every tool once");

        assertThat(listed.exit()).as(listed.err()).isZero();
        List<String> builtIn = listed.out().lines().filter(line -> line.matches("\\S+\\s+built-in.*"))
                .map(line -> line.split("\\s+")[0]).toList();
        List<String> called = calls.stream().map(call -> call[0]).toList();
        assertThat(called).as("the script calls every built-in tool `agentloop tools` lists, and fetch")
                .containsAll(builtIn).contains("fetch");
        assertThat(run.exit()).as(run.out() + run.err()).isZero();
        assertThat(run.out()).as(run.err()).doesNotContain(" failed -> ").doesNotContain("bwrap")
                .contains("Every tool was called.");
        List<String> missing = new ArrayList<>();
        for (String name : called) {
            if (!Pattern.compile(ToolLine.closing(name, "ok -> ")).matcher(run.out()).find()) {
                missing.add(name);
            }
        }
        assertThat(missing).as("tools whose call did not succeed:\n" + run.out()).isEmpty();
        assertThat(project.resolve("notes.txt")).hasContent("alpha\ngamma-3309");
        assertThat(project.resolve("bash.txt")).hasContent("made-by-bash");
        String requests = String.join("\n", model.requests());
        assertThat(requests).contains("made-by-bash\\n0").contains("notes.txt:2: gamma-3309")
                .contains("made-by-python-6604").contains("workingFolder: ").contains("page-for-fetch-8830")
                .contains("skill-body-5521").contains("helper-answer-7741");
    }

    private static String[] call(String tool, String arguments) {
        return new String[] {tool, arguments};
    }

    private static List<Path> sessionFiles(Path sessions) throws IOException {
        try (Stream<Path> files = Files.list(sessions)) {
            return files.filter(file -> file.toString().endsWith(".jsonl")).toList();
        }
    }
}
