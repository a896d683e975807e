package io.agentloop.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.run.RunOptions;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.core.secret.SecretRedactor;
import io.agentloop.testkit.FakeTool;
import io.agentloop.testkit.ScriptedChatModel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** A tool publishes its output while it runs: listeners see it at once, masked; the model sees only the result. */
class ToolOutputDeltaScenariosTest {
    static final String SECRET = "Zq8Wm3Kx7Rv2Np5Lt9Hc4Jb6Fd1Gs0Ya";

    private static ScriptedChatModel oneCall(String tool) {
        return ScriptedChatModel.script().toolCalls(ToolCall.of("c1", tool, "{}")).answer("done").build();
    }

    @Test
    void outputPiecesReachListenersMaskedBetweenTheCallsStartAndEndAndNeverTheModel() {
        Scenario scenario = new Scenario();
        FakeTool talker = FakeTool.named("talker").behaving((arguments, context) -> {
            context.output("connecting with " + SECRET + "\n");
            context.output("");
            context.output("connected\n");
            return ToolResult.success("connected as " + SECRET);
        });
        ScriptedChatModel model = oneCall("talker");

        scenario.agent(model).tools(talker)
                .secretMask(SecretRedactor.forToolResults(Map.of("DEPLOY_TOKEN", SECRET))).build().run("Connect");

        List<String> seen = new ArrayList<>();
        for (AgentEvent event : scenario.events.events()) {
            switch (event) {
                case AgentEvent.ToolCallStarted started -> seen.add("started " + started.id());
                case AgentEvent.ToolOutputDelta delta -> seen.add(delta.id() + " " + delta.name() + ": " + delta.text());
                case AgentEvent.ToolCallCompleted completed -> seen.add("completed " + completed.id());
                default -> {
                }
            }
        }
        assertThat(seen).containsExactly("started c1", "c1 talker: connecting with " + SecretRedactor.MASK + "\n",
                "c1 talker: connected\n", "completed c1");
        ToolMessage sent = (ToolMessage) model.requests().get(1).messages().getLast();
        assertThat(sent.results().get(0).content()).isEqualTo("connected as " + SecretRedactor.MASK);
    }

    @Test
    void aToolKnowsNoOneWantsItsOutputWhenTheRunHasNoListener() {
        AtomicBoolean wanted = new AtomicBoolean(true);
        FakeTool quiet = FakeTool.named("quiet").behaving((arguments, context) -> {
            wanted.set(context.outputWanted());
            context.output("nobody reads this\n");
            return ToolResult.success("ok");
        });

        RunResult result = Agent.builder().model(oneCall("quiet")).tools(quiet).build().run("Go");

        assertThat(result.text()).isEqualTo("done");
        assertThat(wanted).as("outputWanted without listeners").isFalse();
        assertThat(quiet.calls()).hasSize(1);
    }

    @Test
    void outputPublishedAfterTheCallTimedOutIsDropped() throws Exception {
        Scenario scenario = new Scenario();
        CompletableFuture<Void> firstPiece = new CompletableFuture<>();
        CompletableFuture<Void> callEnded = new CompletableFuture<>();
        CompletableFuture<Void> lateOutputSent = new CompletableFuture<>();
        FakeTool stubborn = FakeTool.named("stubborn").behaving((arguments, context) -> {
            context.output("before the timeout\n");
            try {
                context.cancellation().await(Duration.ofMinutes(2));
            } catch (InterruptedException e) {
                // stopped: it goes on regardless, as a tool that ignores being stopped does
            }
            callEnded.join();
            context.output("after the call ended\n");
            lateOutputSent.complete(null);
            return ToolResult.success("late");
        });
        RunHandle handle = scenario.agent(oneCall("stubborn")).tools(stubborn).listeners(event -> {
            if (event instanceof AgentEvent.ToolOutputDelta) {
                firstPiece.complete(null);
            } else if (event instanceof AgentEvent.ToolCallCompleted) {
                callEnded.complete(null);
            }
        }).build().start(List.of(), "Go");

        firstPiece.get(2, TimeUnit.MINUTES);
        scenario.time.advance(RunOptions.DEFAULTS.toolTimeout());
        scenario.time.advance(Duration.ofSeconds(2)); // the stopped tool's grace: the call settles without it
        lateOutputSent.get(2, TimeUnit.MINUTES);
        handle.result().get(2, TimeUnit.MINUTES);

        assertThat(scenario.events.ofType(AgentEvent.ToolOutputDelta.class)).extracting(AgentEvent.ToolOutputDelta::text)
                .containsExactly("before the timeout\n");
        assertThat(scenario.events.ofType(AgentEvent.ToolError.class)).extracting(AgentEvent.ToolError::code)
                .contains(AgentEvent.ToolError.ABANDONED);
    }
}
