package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.tool.Tool;
import io.agentloop.launcher.InstalledLauncher.Outcome;
import io.agentloop.testkit.PluginJarBuilder;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Nothing a plugin starts outlives the launcher, and nothing a plugin does ends it unnamed: an MCP
 * server that leaves a child in a session of its own ({@code setsid -f}, so the child is not even
 * the server's descendant) loses both when the launcher exits normally and when it is killed with
 * {@code SIGKILL}; a plugin's own thread that calls {@code System.exit} is named.
 */
class LeftoverProcessesIT extends InstallationFixture {
    private final String marker = "agentloop-leftover-" + UUID.randomUUID();
    private Path script;
    private Path childStarted;

    /** After the fixture's set-up: the installation's user configuration names the detaching server. */
    @BeforeEach
    void configureTheDetachingServer() throws IOException {
        childStarted = work.resolve("child.pid");
        script = Files.writeString(work.resolve("detaching-server.mjs"), detachingServer(childStarted, marker));
        Files.writeString(installed.userConfig(), "mcp:\n  servers:\n    detaching:\n      command: node\n"
                + "      args: [\"" + script + "\"]\n");
    }

    @AfterEach
    void killTheLeftovers() {
        leftovers().forEach(ProcessHandle::destroyForcibly);
    }

    /**
     * A stdio MCP server with one tool that, before it answers {@code initialize}, starts a child in
     * a new session through {@code setsid -f} (which forks again, so the child's parent is gone at
     * once) and waits until the child has written its pid: the child runs whenever the server is
     * ready. The child's command line carries {@code marker}, which is how the test finds it.
     */
    private static String detachingServer(Path childStarted, String marker) {
        String child = "require('fs').writeFileSync(process.argv[1], String(process.pid)); setInterval(() => {}, 1000)";
        return """
                import readline from 'node:readline';
                import { spawnSync } from 'node:child_process';
                import { existsSync } from 'node:fs';
                const started = %s;
                spawnSync('setsid', ['-f', process.execPath, '-e', %s, started, %s], { stdio: 'ignore' });
                const ready = new Promise((resolve) => {
                  const poll = setInterval(() => { if (existsSync(started)) { clearInterval(poll); resolve(); } }, 10);
                });
                readline.createInterface({ input: process.stdin }).on('line', async (line) => {
                  const message = JSON.parse(line);
                  if (message.id === undefined) {
                    return;
                  }
                  await ready;
                  let result = {};
                  if (message.method === 'initialize') {
                    result = { protocolVersion: message.params.protocolVersion, capabilities: { tools: {} },
                      serverInfo: { name: 'detaching', version: '1.0.0' } };
                  } else if (message.method === 'tools/list') {
                    result = { tools: [{ name: 'noop', description: 'Does nothing.',
                      inputSchema: { type: 'object', properties: {} } }] };
                  } else if (message.method === 'tools/call') {
                    result = { content: [{ type: 'text', text: 'done' }] };
                  }
                  process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }) + '\\n');
                });
                """.formatted(quoted(childStarted.toString()), quoted(child), quoted(marker));
    }

    private static String quoted(String text) {
        return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'";
    }

    /** The server and its child, wherever they are in the process tree. */
    private List<ProcessHandle> leftovers() {
        return ProcessHandle.allProcesses().filter(p -> p.info().commandLine()
                .map(c -> c.contains(marker) || c.contains(script.toString())).orElse(false))
                .toList();
    }

    @Test
    void anMcpServerAndItsDetachedChildEndWhenTheLauncherExitsNormally() throws Exception {
        server.enqueue(FakeOpenAi.answer("Nothing to do."));

        Outcome run = installed.run("run", "Say hello");

        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(childStarted).as("the server's detached child started: " + run.err()).exists();
        Await.until("the MCP server and its detached child to end", () -> leftovers().isEmpty(),
                () -> "still running: " + leftovers().stream().map(p -> p.pid() + " " + p.info().commandLine()
                        .orElse("?")).toList());
    }

    @Test
    void anMcpServerAndItsDetachedChildEndWhenTheLauncherIsKilled() throws Exception {
        ProcessBuilder builder = new ProcessBuilder(installed.root().resolve("bin/agentloop").toString(), "chat")
                .directory(work.toFile()).redirectError(work.resolve("err.txt").toFile());
        installed.environment(builder.environment());
        Process launcher = builder.start();
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(launcher.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line;
            while ((line = lines.readLine()) != null && !line.startsWith("Chatting with")) {
                // the chat greets once its agent, and so its MCP servers, are ready
            }
            assertThat(line).as(installed.errors()).isNotNull();
            assertThat(childStarted).as("the server's detached child started").exists();
            assertThat(leftovers()).as("the server and its child run").hasSizeGreaterThanOrEqualTo(2);

            launcher.destroyForcibly();

            Await.exit(launcher, "the launcher ends when killed");
            Await.until("the MCP server and its detached child to end", () -> leftovers().isEmpty(),
                    () -> "still running: " + leftovers().stream().map(p -> p.pid() + " " + p.info().commandLine()
                            .orElse("?")).toList());
        } finally {
            launcher.destroyForcibly();
        }
    }

    @Test
    void aPluginThreadThatCallsSystemExitIsNamedWithItsPluginAndClass() throws Exception {
        Files.writeString(installed.userConfig(), "{}\n");
        PluginJarBuilder.plugin("exit-later").version("1.0.0").provides(Tool.class, ExitFromThreadTool.class)
                .writeTo(installed.plugins());
        server.enqueue(FakeOpenAi.toolCall("call_1", "quit_later", "{}"));
        server.enqueue(FakeOpenAi.answer("Done."));

        Outcome run = installed.run("run", "Quit later");

        assertThat(run.err()).contains("agentloop: plugin exit-later@1.0.0 (its own thread 'flusher') called "
                + "System.exit at " + ExitFromThreadTool.class.getName() + ".");
        assertThat(run.exit()).as(run.err()).isEqualTo(Launcher.NO_ANSWER);
        assertThat(run.err().lines().filter(line -> line.contains("System.exit"))).hasSize(1);
    }
}
