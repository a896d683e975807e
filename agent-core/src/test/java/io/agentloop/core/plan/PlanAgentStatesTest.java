package io.agentloop.core.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.Usage;
import io.agentloop.api.run.AgentRegistry;
import io.agentloop.api.run.AgentRegistry.Entry;
import io.agentloop.api.run.AgentRegistry.Kind;
import io.agentloop.api.run.AgentState;
import io.agentloop.core.Agent;
import io.agentloop.core.SubAgentProfile;
import io.agentloop.core.run.AgentStates;
import io.agentloop.testkit.ScriptedChatModel;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The process's registry lists a plan's parallel steps and a step's sub-agent with their states as they change. */
class PlanAgentStatesTest {
    private static final String PLAN = "[{\"id\":\"reg-ask\",\"description\":\"ask the helper\"},"
            + "{\"id\":\"reg-count\",\"description\":\"count the files\"}]";

    private static Entry named(List<Entry> entries, String name) {
        return entries.stream().filter(e -> e.name().equals(name)).findFirst().orElseThrow(
                () -> new AssertionError("no agent '" + name + "' in " + entries));
    }

    private static List<Entry> sessionOf(String name) {
        AgentRegistry registry = AgentStates.process();
        String session = registry.agents().stream().filter(e -> e.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("'" + name + "' is not registered")).session();
        return registry.session(session);
    }

    @Test
    void twoParallelStepsAndASubAgentAreListedWithTheirStatesAsTheyChange() {
        CyclicBarrier together = new CyclicBarrier(2); // the sub-agent and the other step run at once
        AtomicReference<List<Entry>> whileHelping = new AtomicReference<>();
        AtomicReference<List<Entry>> afterHelping = new AtomicReference<>();
        ScriptedChatModel helper = ScriptedChatModel.dynamic(request -> {
            await(together);
            whileHelping.set(sessionOf("helper"));
            await(together);
            return ScriptedChatModel.Step.answer(Usage.ZERO, "seven files");
        });
        ScriptedChatModel executor = ScriptedChatModel.dynamic(request -> {
            String step = PlanAndSolveTest.step(request);
            if (step.equals("count the files")) {
                await(together);
                await(together); // holds this step running until the sub-agent's view is taken
                return ScriptedChatModel.Step.answer(Usage.ZERO, "counted");
            }
            if (request.messages().getLast() instanceof ToolMessage) {
                afterHelping.set(sessionOf("reg-ask"));
                return ScriptedChatModel.Step.answer(Usage.ZERO, "the helper says seven files");
            }
            return ScriptedChatModel.Step.toolCalls(Usage.ZERO, List.of(ToolCall.of("t1", "task",
                    "{\"agent\":\"helper\",\"task\":\"How many files?\"}")));
        });
        SubAgentProfile helping = SubAgentProfile.of("helper", "Answers questions.", "You help.", List.of())
                .withModel(helper);

        PlanAndSolve.Result result = PlanAndSolve.builder()
                .planner(Agent.builder().model(ScriptedPlanner.of(PLAN, Map.of(), "Done.")).build())
                .executor(Agent.builder().model(executor).subAgents(helping).build()).build().run("Count the files.");

        assertThat(result.allSucceeded()).isTrue();
        List<Entry> during = whileHelping.get();
        Entry ask = named(during, "reg-ask");
        assertThat(ask.kind()).isEqualTo(Kind.PLAN_STEP);
        assertThat(ask.state()).isEqualTo(AgentState.EXECUTING);
        assertThat(named(during, "reg-count")).satisfies(e -> {
            assertThat(e.kind()).isEqualTo(Kind.PLAN_STEP);
            assertThat(e.state()).isEqualTo(AgentState.EXECUTING);
        });
        assertThat(named(during, "helper")).satisfies(e -> {
            assertThat(e.kind()).isEqualTo(Kind.SUB_AGENT);
            assertThat(e.state()).isEqualTo(AgentState.EXECUTING);
            assertThat(e.parent()).isEqualTo(Optional.of(ask.runId()));
        });
        assertThat(during).filteredOn(e -> e.kind() == Kind.RUN).isNotEmpty()
                .allSatisfy(planner -> assertThat(planner.state()).isEqualTo(AgentState.COMPLETED));

        List<Entry> after = afterHelping.get();
        assertThat(named(after, "helper").state()).isEqualTo(AgentState.COMPLETED);
        assertThat(named(after, "reg-ask").state()).isEqualTo(AgentState.EXECUTING);
        assertThat(named(after, "helper").changedAt()).isAfterOrEqualTo(named(during, "helper").changedAt());

        List<Entry> ended = AgentStates.process().session(ask.session());
        assertThat(ended).extracting(Entry::name).contains("reg-ask", "reg-count", "helper");
        assertThat(ended).allSatisfy(e -> assertThat(e.state()).isEqualTo(AgentState.COMPLETED));
        assertThat(AgentStates.process().settled(ask.session())).isTrue();
    }

    private static void await(CyclicBarrier barrier) {
        try {
            barrier.await(2, TimeUnit.MINUTES);
        } catch (Exception e) {
            throw new IllegalStateException("the sub-agent and the other step did not run at the same time", e);
        }
    }
}
