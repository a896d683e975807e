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
    /**
     * The decisions on the calls that wait now, by call id: only a waiting call takes one, and the
     * pause that waited uses them up, so a later call with the same id (servers that number their
     * calls {@code call_0}, {@code call_1}, ... in every turn) is asked again.
     */
    private final Map<String, CallDecision> decided = new LinkedHashMap<>();
    /** The hooks' attributes, carried from step to step. */
    private final StepAttributes attributes = new StepAttributes();
    /** Sub-agents' events, by their calls' ids, until their calls' starts are in the stream. */
    private final Map<String, List<String>> subAgentEvents = new LinkedHashMap<>();
    private List<PendingCall> waiting = List.of();
    private String result = "";
    /** Driving the loop again through what the run did before it continued as new: nothing it makes is new. */
    private boolean replaying;

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
        JsonNode carried = order.path("carried");
        boolean continued = carried.isObject();
        if (continued) { // what the run did before it continued as new: its stream goes on after it
            carried.path("events").forEach(line -> events.add(line.asString()));
            carried.path("journal").forEach(line -> journal.add(line.asString()));
            attributes.from(carried);
            replaying = true;
        }
        EventPublisher publisher = new EventPublisher(agent.id(), runId, List.of(this::record));
        RunJournal record = Wire.recording(line -> {
            if (!replaying) {
                journal.add(line);
            }
        });
        RunControl control = new RunControl();
        RunContext run = RunContext.open(runId, settings, publisher, control, output, parent, record);
        RunStart start = RunStart.of(agent.input(Wire.messages(order.path("history")), order.path("task").asString()));
        publisher.publish(new AgentEvent.RunStarted(runId, agent.name(), parent));
        Optional<Long> deadline = continued ? Optional.of(carried.path("deadline_ms")).filter(JsonNode::isNumber)
                .map(JsonNode::asLong) : settings.options().runTimeout()
                .map(limit -> Workflow.currentTimeMillis() + limit.toMillis());

        ReplySteps reply = new ReplySteps(runId, name, parent, settings, durable, this::absorb, attributes);
        RunResult[] ended = new RunResult[1];
        CancellationScope scope = Workflow.newCancellationScope(() -> {
            ObjectNode terms = terms(order, agent); // before any step: a run refused does nothing
            RunStart begun = continued ? start.withInput(Wire.messages(carried.path("input")))
                    : run.hooks().hasBeforeReply() ? start.withInput(reply.before(start.input(), control)) : start;
            long startedAt = continued ? carried.path("started_ms").asLong() : Workflow.currentTimeMillis();
            ContinuingEffects[] continuing = new ContinuingEffects[1];
            WorkflowEffects steps = new WorkflowEffects(runId, name, agent, settings, control, new InProcessEffects(run),
                    durable, this::absorb, new SignalledDecisions(), spent -> continuing[0].usage(spent),
                    subAgentEvents::put, attributes, terms);
            continuing[0] = new ContinuingEffects(steps, carried.path("outcomes"), () -> due(durable),
                    outcomes -> Workflow.continueAsNew(Continuation.order(order, terms, outcomes, begun.input(), events,
                            journal, attributes.values(), startedAt, deadline)),
                    () -> replaying = false, spent -> run.addUsage(spent, AgentEvent.UsageUpdated.Source.TOOL));
            try (ContinuingEffects effects = continuing[0]) {
                ended[0] = new AgentLoop().drive(run, begun, effects);
            }
            if (continued) { // the loop's clock started with this workflow run: the run started with the first
                ended[0] = lasting(ended[0], Duration.ofMillis(Workflow.currentTimeMillis() - startedAt));
            }
        });
        deadline.ifPresent(at -> deadline(Duration.ofMillis(Math.max(0, at - Workflow.currentTimeMillis())),
                settings.options().runTimeout().orElseThrow(), control, scope));
        try {
            scope.run();
            if (run.hooks().hasAfterReply()) {
                ended[0] = reply.after(ended[0]);
            }
        } catch (AgentException e) {
            // a reply hook failed: the loop never ran, or its result could not be handed over (as locally)
            ended[0] = failed(runId, start, e);
        } catch (RuntimeException e) {
            ended[0] = failed(runId, start, new AgentException("the run's workflow failed: " + e, e));
        }
        publisher.publish(new AgentEvent.RunCompleted(ended[0]));
        result = Wire.runResult(ended[0]).toString();
        return parent.isPresent() ? withEvents(ended[0]) : result;
    }

    /**
     * A sub-agent's result with its events, in order, for its parent's workflow to add to its own
     * stream (a workflow cannot read another's state but what it returns).
     */
    private String withEvents(RunResult ended) {
        tools.jackson.databind.node.ObjectNode returned = Wire.runResult(ended);
        tools.jackson.databind.node.ArrayNode lines = returned.putArray("events");
        events.forEach(line -> lines.add(Wire.read(line)));
        return returned.toString();
    }

    private static RunResult lasting(RunResult r, Duration duration) {
        return new RunResult(r.runId(), r.state(), r.reason(), r.finalMessage(), r.messages(), r.iterations(),
                r.toolCalls(), r.usage(), duration, r.error(), r.output(), r.openTurn(), r.executableConfig());
    }

    private static RunResult failed(String runId, RunStart start, AgentException error) {
        return new RunResult(runId, AgentState.FAILED, Optional.empty(), Optional.empty(), start.input(), 0, List.of(),
                Usage.ZERO, Duration.ZERO, Optional.of(error));
    }

    /** Whether the history is long enough for the run to continue as a new workflow run. */
    private static boolean due(DurableOptions durable) {
        return Workflow.getInfo().getHistoryLength() > durable.historyLimit() || Workflow.getInfo().isContinueAsNewSuggested();
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

    /**
     * The run's time limit as a workflow timer ({@code left} of its {@code limit}, after a run that
     * continued as new): when it fires, the step under way is cancelled and the run ends TIMEOUT.
     */
    private static void deadline(Duration left, Duration limit, RunControl control, CancellationScope scope) {
        Workflow.newTimer(left).thenApply(fired -> {
            control.abort(TerminalReason.TIMEOUT, "the run took longer than " + limit.toMillis() + " ms");
            scope.cancel("the run's time limit");
            return fired;
        });
    }

    /**
     * An event of the run joins its stream; a sub-agent's events follow its call's start, as a
     * local run's listeners see them between the call's start and its end.
     */
    private void record(AgentEvent event) {
        if (replaying) {
            return; // the run made this event before it continued as new
        }
        events.add(EventJson.describe(event).toString());
        if (event instanceof AgentEvent.ToolCallStarted started) {
            List<String> held = subAgentEvents.remove(started.id());
            if (held != null) {
                events.addAll(held);
            }
        }
    }

    /**
     * A step's events and record lines join the run's, in the order the steps' outcomes came back,
     * and the attributes its hooks left are handed to the later steps.
     */
    private void absorb(JsonNode out) {
        attributes.from(out);
        out.path("events").forEach(event -> events.add(event.toString()));
        out.path("journal").forEach(line -> journal.add(line.asString()));
    }

    /**
     * The first decision on a waiting call wins: a later one (a second person, a command and a
     * request at once) is dropped, so the call runs at most once. A decision on a call that does not
     * wait now (decided, never asked for, or not asked for yet) is dropped with a line in the worker's
     * log: kept, it would approve a later call that happens to have the same id without anyone being
     * asked. A signal that cannot be read is dropped too; thrown here, it would fail the workflow task
     * again on every retry.
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
            if (waiting.stream().noneMatch(call -> call.call().id().equals(decision.callId()))) {
                Workflow.getLogger(AgentRunWorkflow.class).warn("run's decision on call {} dropped: the call does "
                        + "not wait for one now; decide on the calls the run lists as waiting", decision.callId());
            } else {
                decided.putIfAbsent(decision.callId(), decision);
            }
        }
    }

    @Override
    public void stream(String streamed) {
        Wire.read(streamed).forEach(event -> events.add(event.toString()));
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

    /**
     * Waits in the workflow, for as long as it takes, until a signal decided every waiting call; the
     * decisions are used up then, so none is left over for a later pause.
     */
    private final class SignalledDecisions implements WorkflowEffects.Decisions {
        @Override
        public void waitingFor(List<PendingCall> calls) {
            waiting = List.copyOf(calls);
        }

        @Override
        public List<CallDecision> await(List<PendingCall> calls) {
            Workflow.await(() -> calls.stream().allMatch(call -> decided.containsKey(call.call().id())));
            List<CallDecision> taken = calls.stream().map(call -> decided.remove(call.call().id())).toList();
            decided.clear(); // nothing else waits: what is left was for no call of this pause
            return taken;
        }
    }
}
