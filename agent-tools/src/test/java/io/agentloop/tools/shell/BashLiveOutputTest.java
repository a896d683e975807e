package io.agentloop.tools.shell;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.tool.CommandSandbox;
import io.agentloop.core.Agent;
import io.agentloop.core.RunHandle;
import io.agentloop.core.permission.PermissionMode;
import io.agentloop.core.permission.PermissionPolicy;
import io.agentloop.core.secret.SecretRedactor;
import io.agentloop.core.workspace.SandboxWorkspace;
import io.agentloop.testkit.ScriptedChatModel;
import io.agentloop.testkit.TargetTempDir;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A command's output reaches the run's listeners while the command runs. The command waits on a
 * pipe in the workspace ({@code gate}) that the test writes to only once it has seen the output
 * before the wait, so output shown only at the command's end never lets it finish. How the lines
 * are cut and masked: {@link LiveLinesTest}.
 */
class BashLiveOutputTest {
    static final Duration DEADLINE = Duration.ofMinutes(2);
    /** A credential variable's value: masked wherever it appears whole. */
    static final String SECRET = "Zq8Wm3Kx7Rv2Np5Lt9Hc4Jb6Fd1Gs0Ya";

    @TempDir(factory = TargetTempDir.class)
    Path root;
    final List<AgentEvent> events = new ArrayList<>();
    ScriptedChatModel model;
    RunHandle run;
    RandomAccessFile gate;

    @BeforeEach
    void setUp() throws Exception {
        assertThat(SandboxWorkspace.of(root).sandbox().containment())
                .as("bubblewrap must be installed: apt-get install bubblewrap")
                .isEqualTo(CommandSandbox.Containment.CONTAINED);
        Process mkfifo = new ProcessBuilder("mkfifo", root.resolve("gate").toString()).inheritIO().start();
        assertThat(mkfifo.waitFor(DEADLINE.toSeconds(), TimeUnit.SECONDS)).isTrue();
        assertThat(mkfifo.exitValue()).as("mkfifo").isZero();
    }

    @AfterEach
    void tearDown() throws Exception {
        if (run != null) {
            run.cancel(); // a run whose command still waits on the gate after a failed assertion
        }
        if (gate != null) {
            gate.close();
        }
    }

    private void start(String command) {
        model = ScriptedChatModel.script().toolCalls(ToolCall.of("c1", "bash",
                "{\"command\":\"" + command + "\",\"timeout_ms\":600000}")).answer("done").build();
        SandboxWorkspace workspace = SandboxWorkspace.builder(root).environment(Map.of("PATH", System.getenv("PATH")))
                .build();
        run = Agent.builder().model(model).tools(new BashTool()).workspace(workspace)
                .permissions(PermissionPolicy.defaults().withMode(PermissionMode.YES))
                .secretMask(SecretRedactor.forToolResults(Map.of("DEPLOY_TOKEN", SECRET)))
                .listeners(event -> {
                    synchronized (events) {
                        events.add(event);
                        events.notifyAll();
                    }
                }).build().start(List.of(), "Run it");
    }

    /** The output shown so far, once it holds {@code lines} lines; fails after the deadline. */
    private String awaitShownLines(int lines) throws InterruptedException {
        Instant deadline = Instant.now().plus(DEADLINE);
        synchronized (events) {
            for (;;) {
                String shown = shown();
                if (shown.lines().count() >= lines && shown.endsWith("\n")) {
                    return shown;
                }
                long left = Duration.between(Instant.now(), deadline).toMillis();
                assertThat(left).as("output shown by the deadline: " + shown).isPositive();
                events.wait(left);
            }
        }
    }

    private String shown() {
        synchronized (events) {
            StringBuilder text = new StringBuilder();
            events.stream().filter(AgentEvent.ToolOutputDelta.class::isInstance)
                    .map(AgentEvent.ToolOutputDelta.class::cast).forEach(delta -> text.append(delta.text()));
            return text.toString();
        }
    }

    private List<AgentEvent.ToolOutputDelta> deltas() {
        synchronized (events) {
            return events.stream().filter(AgentEvent.ToolOutputDelta.class::isInstance)
                    .map(AgentEvent.ToolOutputDelta.class::cast).toList();
        }
    }

    private boolean callCompleted() {
        synchronized (events) {
            return events.stream().anyMatch(AgentEvent.ToolCallCompleted.class::isInstance);
        }
    }

    /**
     * Lets the command past its wait. Opened for reading and writing, the pipe never blocks the test
     * (a command that already ended would leave a writer waiting forever), and kept open until the
     * test ends, so the line waits in it for a command that has not opened it yet.
     */
    private void openGate() throws Exception {
        gate = new RandomAccessFile(root.resolve("gate").toFile(), "rw");
        gate.write("go\n".getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aLinePrintedBeforeTheCommandWaitsIsShownWhileItWaits() throws Exception {
        start("echo first; read answer < gate; echo second");

        String beforeTheWait = awaitShownLines(1);

        assertThat(beforeTheWait).isEqualTo("first\n");
        assertThat(callCompleted()).as("the command cannot end before the gate opens").isFalse();
        assertThat(deltas().getFirst().id()).isEqualTo("c1");
        assertThat(deltas().getFirst().name()).isEqualTo("bash");
        openGate();
        RunResult result = run.result().get(DEADLINE.toSeconds(), TimeUnit.SECONDS);

        assertThat(result.text()).isEqualTo("done");
        assertThat(shown()).isEqualTo("first\nsecond\n");
        ToolMessage sent = (ToolMessage) model.requests().get(1).messages().getLast();
        assertThat(sent.results().get(0).content()).as("the model gets the result, once")
                .isEqualTo("exit code 0\nfirst\nsecond\n");
    }

    @Test
    void aSecretTheCommandPrintsIsMaskedInTheOutputShown() throws Exception {
        start("echo token " + SECRET + "; echo after");

        run.result().get(DEADLINE.toSeconds(), TimeUnit.SECONDS);

        assertThat(shown()).isEqualTo("token " + SecretRedactor.MASK + "\nafter\n");
        for (AgentEvent.ToolOutputDelta delta : deltas()) {
            for (int i = 0; i + 4 <= SECRET.length(); i++) {
                assertThat(delta.text()).doesNotContain(SECRET.substring(i, i + 4));
            }
        }
    }
}
