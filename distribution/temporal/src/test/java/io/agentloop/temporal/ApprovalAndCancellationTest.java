package io.agentloop.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.message.ToolCall;
import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.CallDecision;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.api.tool.CommandSandbox.Containment;
import io.agentloop.core.Agent;
import io.agentloop.core.permission.PermissionMode;
import io.agentloop.core.permission.PermissionPolicy;
import io.agentloop.core.workspace.SandboxWorkspace;
import io.agentloop.testkit.ScriptedChatModel;
import io.agentloop.testkit.TargetTempDir;
import io.agentloop.tools.shell.BashTool;
import io.temporal.testing.TestWorkflowEnvironment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run waiting for a person waits in Temporal; cancelling the workflow stops the tool's process. */
class ApprovalAndCancellationTest {
    @TempDir(factory = TargetTempDir.class)
    Path folder;

    TestWorkflowEnvironment env;

    @BeforeEach
    void start() {
        env = TestWorkflowEnvironment.newInstance();
    }

    @AfterEach
    void stop() {
        env.close();
    }

    @Test
    void aCallThatAsksWaitsADayForTheSignalAndThenRunsOnce() throws Exception {
        CountingTool deploy = CountingTool.changingHolding("deploy", 0);
        Agent agent = Agent.builder().name("default").model(Rounds.model()).tools(deploy)
                .permissions(PermissionPolicy.defaults().withMode(PermissionMode.ASK)).build();
        AgentWorker.register(env.getWorkerFactory(), DurableRunTest.QUEUE, DurableRunTest.only(agent),
                DurableRunTest.OPTIONS);
        env.start();
        DurableRuns.DurableRun run = new DurableRuns(env.getWorkflowClient(), DurableRunTest.QUEUE).start("approval",
                "default", List.of(), Rounds.task(1, "deploy"), Optional.empty());

        Await.until("the deploy call to wait for a person", () -> !run.waiting().isEmpty());
        assertThat(run.waiting()).extracting(pending -> pending.call().name()).containsExactly("deploy");
        env.sleep(Duration.ofDays(1));
        assertThat(run.result()).as("still waiting after a day").isNotDone();
        assertThat(deploy.executions()).isEmpty();
        run.decide(List.of(CallDecision.approve(run.waiting().getFirst().call().id())));
        RunResult result = run.result().get(5, TimeUnit.MINUTES);

        assertThat(result.state()).isEqualTo(AgentState.COMPLETED);
        assertThat(result.reason()).contains(TerminalReason.ANSWERED);
        assertThat(result.text()).isEqualTo("done after 1 rounds: counted 1");
        assertThat(deploy.executions()).isEqualTo(Map.of(1, 1));
        assertThat(result.duration()).as("the run's own clock, Temporal's").isGreaterThanOrEqualTo(Duration.ofDays(1));
        assertThat(run.events(0)).anySatisfy(line -> assertThat(line).contains("\"type\":\"tool_call_pending\""));
    }

    @Test
    void cancellingTheWorkflowStopsTheRunningBashCommandsProcess() throws Exception {
        Path root = Files.createDirectories(folder.resolve("workspace"));
        SandboxWorkspace workspace = SandboxWorkspace.builder(root).build();
        assertThat(workspace.sandbox().containment()).as("bubblewrap must be installed: apt-get install bubblewrap")
                .isEqualTo(Containment.CONTAINED);
        // a number no other process has on its command line: the process is found by it
        String seconds = "86400." + ThreadLocalRandom.current().nextInt(100_000, 1_000_000);
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(ToolCall.of("1", "bash", "{\"command\":\"sleep " + seconds + "\"}"))
                .answer("not reached").build();
        Agent agent = Agent.builder().name("default").model(model).tools(new BashTool()).workspace(workspace)
                .permissions(PermissionPolicy.defaults().withMode(PermissionMode.YES)).build();
        AgentWorker.register(env.getWorkerFactory(), DurableRunTest.QUEUE, DurableRunTest.only(agent),
                DurableRunTest.OPTIONS);
        env.start();
        DurableRuns.DurableRun run = new DurableRuns(env.getWorkflowClient(), DurableRunTest.QUEUE).start("cancel",
                "default", List.of(), "Wait a day", Optional.empty());

        Await.until("the command's process to start", () -> sleeping(seconds));
        run.cancel();
        RunResult result = run.result().get(5, TimeUnit.MINUTES);

        assertThat(result.state()).isEqualTo(AgentState.COMPLETED);
        assertThat(result.reason()).contains(TerminalReason.CANCELLED);
        assertThat(sleeping(seconds)).as("the command's process is gone once the run ended").isFalse();
        assertThat(result.toolCalls()).singleElement().satisfies(call -> assertThat(call.result().isError()).isTrue());
        assertThat(model.calls()).isEqualTo(1);
    }

    private static boolean sleeping(String seconds) {
        return ProcessHandle.allProcesses().anyMatch(process -> process.info().arguments()
                .map(arguments -> List.of(arguments).contains(seconds)).orElse(false));
    }
}
