package io.agentloop.temporal;

import io.agentloop.api.AgentException;
import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.message.Usage;
import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.CallDecision;
import io.agentloop.api.run.PendingCall;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.core.Agent;
import io.agentloop.core.event.EventJson;
import io.agentloop.core.loop.AgentLoop;
import io.agentloop.core.loop.InProcessEffects;
import io.agentloop.core.loop.LoopSettings;
import io.agentloop.core.loop.RunContext;
import io.agentloop.core.loop.RunStart;
import io.agentloop.core.output.OutputSchema;
import io.agentloop.core.permission.PermissionMode;
import io.agentloop.core.run.EventPublisher;
import io.agentloop.core.run.RunControl;
import io.agentloop.core.run.RunJournal;
import io.temporal.failure.ApplicationFailure;
import io.temporal.workflow.CancellationScope;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A run's decisions as workflow code: the loop's own driver ({@link AgentLoop}) with the workflow's
 * effect runner and clock. The decisions read only the run's state and the outcomes the history
 * hands back, so a replay on any worker comes to the same steps. The events and record lines are
 * kept here, made again identically by a replay, and read with queries.
 */
public final class AgentRunWorkflow implements AgentRun {
    private final Agents agents;
    private final DurableOptions durable;
    private final List<String> events = new ArrayList<>();
    private final List<String> journal = new ArrayList<>();
    private final Map<String, CallDecision> decided = new LinkedHashMap<>();
    private List<PendingCall> waiting = List.of();
    private String result = "";

    AgentRunWorkflow(Agents agents, DurableOptions durable) {
        this.agents = agents;
        this.durable = durable;
    }

    @Override
    public String run(String orderJson) {
        JsonNode order = Wire.read(orderJson);
        String runId = order.path("run_id").asString();
        String name = order.path("agent").asString(); // as the workers know it, which may not be the agent's own
        Agent agent;
        try {
            agent = agents.resolve(name);
        } catch (IllegalArgumentException e) {
            throw ApplicationFailure.newNonRetryableFailure(e.getMessage(), "UnknownAgent");
        }
        LoopSettings settings = agent.settings().withTime(new WorkflowTime());
        Optional<String> parent = order.has("parent_run_id") ? Optional.of(order.get("parent_run_id").asString())
                : Optional.empty();
        Optional<OutputSchema> output = order.has("output_schema")
                ? Optional.of(OutputSchema.of(Wire.map(order.get("output_schema")))) : Optional.empty();
        EventPublisher publisher = new EventPublisher(agent.id(), runId,
                List.of(event -> events.add(EventJson.describe(event).toString())));
        RunJournal record = Wire.recording(journal::add);
        RunControl control = new RunControl();
        RunContext run = RunContext.open(runId, settings, publisher, control, output, parent, record);
        RunStart start = RunStart.of(agent.input(Wire.messages(order.path("history")), order.path("task").asString()));
        publisher.publish(new AgentEvent.RunStarted(runId, agent.name(), parent));

        RunResult[] ended = new RunResult[1];
        CancellationScope scope = Workflow.newCancellationScope(() -> {
            ObjectNode terms = terms(order, agent);
            try (WorkflowEffects effects = new WorkflowEffects(runId, name, agent, settings, control,
                    new InProcessEffects(run), durable, this::absorb, new SignalledDecisions(),
                    spent -> run.addUsage(spent, AgentEvent.UsageUpdated.Source.TOOL), terms)) {
                ended[0] = new AgentLoop().drive(run, start, effects);
            }
        });
        settings.options().runTimeout().ifPresent(limit -> deadline(limit, control, scope));
        try {
            scope.run();
        } catch (RuntimeException e) {
            ended[0] = new RunResult(runId, AgentState.FAILED, Optional.empty(), Optional.empty(), start.input(), 0,
                    List.of(), Usage.ZERO, Duration.ZERO, Optional.of(e instanceof AgentException refused ? refused
                    : new AgentException("the run's workflow failed: " + e, e)));
        }
        publisher.publish(new AgentEvent.RunCompleted(ended[0]));
        result = Wire.runResult(ended[0]).toString();
        return result;
    }

    /**
     * The client's terms for the run's tool calls: its mode, checked against the workers' (the widest
     * a run may have), the allow rules its person said "always" to, and its workspace.
     *
     * @throws AgentException when the client's mode is wider than the workers'
     */
    private static ObjectNode terms(JsonNode order, Agent agent) {
        ObjectNode terms = Wire.object();
        if (order.has("mode")) {
            try {
                terms.put("mode", PermissionMode.parse(order.get("mode").asString())
                        .within(agent.settings().permissions().policy().mode(), "the workers allow").toString());
            } catch (IllegalArgumentException e) {
                throw new AgentException(e.getMessage() + "; or start the workers in a wider mode");
            }
        }
        order.path("allow").forEach(rule -> terms.withArray("allow").add(rule.asString()));
        if (order.has("workspace")) {
            terms.put("workspace", order.get("workspace").asString());
        }
        return terms;
    }

    /** The run's time limit as a workflow timer: when it fires, the step under way is cancelled and the run ends TIMEOUT. */
    private static void deadline(Duration limit, RunControl control, CancellationScope scope) {
        Workflow.newTimer(limit).thenApply(fired -> {
            control.abort(TerminalReason.TIMEOUT, "the run took longer than " + limit.toMillis() + " ms");
            scope.cancel("the run's time limit");
            return fired;
        });
    }

    /** A step's events and record lines join the run's, in the order the steps' outcomes came back. */
    private void absorb(JsonNode out) {
        out.path("events").forEach(event -> events.add(event.toString()));
        out.path("journal").forEach(line -> journal.add(line.asString()));
    }

    /**
     * The first decision on a call wins: a later one (a second person, a command and a request at
     * once) is dropped, so the call runs at most once. A signal that cannot be read is dropped with
     * a line in the worker's log; thrown here, it would fail the workflow task again on every retry.
     */
    @Override
    public void decide(Object decisions) {
        List<CallDecision> read;
        try {
            read = Wire.decisions(decisions instanceof String text ? Wire.read(text) : Wire.JSON.valueToTree(decisions));
        } catch (RuntimeException e) {
            Workflow.getLogger(AgentRunWorkflow.class).warn("run's decisions dropped: they are not "
                    + "[{\"call_id\": ID, \"approval\": \"ALLOW_ONCE\"|\"ALLOW_ALWAYS\"|\"DENY\"}] ({})", e.getMessage());
            return;
        }
        for (CallDecision decision : read) {
            decided.putIfAbsent(decision.callId(), decision);
        }
    }

    @Override
    public List<String> events(int from) {
        return from >= events.size() ? List.of() : List.copyOf(events.subList(Math.max(0, from), events.size()));
    }

    @Override
    public List<String> journal(int from) {
        return from >= journal.size() ? List.of() : List.copyOf(journal.subList(Math.max(0, from), journal.size()));
    }

    @Override
    public String result() {
        return result;
    }

    @Override
    public List<String> waiting() {
        return waiting.stream().filter(call -> !decided.containsKey(call.call().id()))
                .map(call -> Wire.pending(call).toString()).toList();
    }

    /** Waits in the workflow, for as long as it takes, until a signal decided every waiting call. */
    private final class SignalledDecisions implements WorkflowEffects.Decisions {
        @Override
        public void waitingFor(List<PendingCall> calls) {
            waiting = List.copyOf(calls);
        }

        @Override
        public List<CallDecision> await(List<PendingCall> calls) {
            Workflow.await(() -> calls.stream().allMatch(call -> decided.containsKey(call.call().id())));
            return calls.stream().map(call -> decided.get(call.call().id())).toList();
        }
    }
}
