package io.agentloop.launcher;

import io.agentloop.api.message.Usage;
import io.agentloop.api.run.AgentState;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The runs of a session as {@code agentloop report} shows them, rebuilt from the events kept beside
 * it ({@link SessionEvents}): each run with its states and their durations, its model calls (latency,
 * tokens, retries), tool calls (arguments, result, duration, what the permission check made of
 * them), compactions and sub-agents' runs nested where they ran; a plan's steps with the runs that
 * carried them out. Lines it does not know are passed over: a newer launcher's file still reads.
 *
 * <p>Events of plan steps that run at the same time interleave on one listener without saying
 * which run they are of; a run is given to the step that started last before it, which is exact
 * when the steps run one at a time.
 */
final class ReportRuns {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** Something that happened in a run, in order. */
    sealed interface Item permits ModelCall, ToolCall, SubAgent, Compaction {
    }

    /** A top-level part of the report: a run, or a plan of steps. */
    sealed interface Block permits Run, Plan {
    }

    static final class Run implements Block {
        final String runId;
        final String agent;
        String provider = "";
        String model = "";
        String started = "";
        String state = "RUNNING";
        String reason = "";
        String answer = "";
        String error = "";
        double durationMillis;
        int iterations;
        Usage usage = Usage.ZERO;
        /** Time in each state of the loop, in the order the states were first entered. */
        final Map<String, Double> stateMillis = new LinkedHashMap<>();
        /** Each state the loop was in, in order, with the time spent in it. */
        final List<Map.Entry<String, Double>> states = new ArrayList<>();
        final List<Item> items = new ArrayList<>();
        final List<String> pending = new ArrayList<>();
        /** Files other programs run later that the run changed ({@code run_completed}'s {@code executable_config}). */
        final List<String> executableConfig = new ArrayList<>();
        private ModelCall reasoning;
        private int calls;

        Run(String runId, String agent) {
            this.runId = runId;
            this.agent = agent;
        }

        boolean ended() {
            return !state.equals("RUNNING");
        }
    }

    static final class ModelCall implements Item {
        final int n;
        /** When the call began (its process left IDLE), as the event line says; empty when not known. */
        String at = "";
        double latencyMillis = -1;
        Usage usage = Usage.ZERO;
        final List<String> retries = new ArrayList<>();
        String decision = "";

        ModelCall(int n) {
            this.n = n;
        }
    }

    static final class ToolCall implements Item {
        final String id;
        final String name;
        /** When the call was first reported. */
        String at = "";
        String arguments = "";
        /** The sub-agents' runs the call started (the {@code task} tool and a sub-agent's own tool). */
        final List<Run> subAgents = new ArrayList<>();
        String result = "";
        boolean ok;
        boolean finished;
        double durationMillis = -1;
        String permission = "allowed";
        /** What a person asked at the terminal answered, if asked. */
        String approval = "";

        ToolCall(String id, String name) {
            this.id = id;
            this.name = name;
        }
    }

    record SubAgent(Run run) implements Item {
    }

    record Compaction(int before, int after, String strategy) implements Item {
    }

    static final class Plan implements Block {
        final List<Step> steps = new ArrayList<>();
    }

    static final class Step {
        final String id;
        final String description;
        String status = "not started";
        String result = "";
        final List<Run> runs = new ArrayList<>();

        Step(String id, String description) {
            this.id = id;
            this.description = description;
        }
    }

    final List<Block> blocks = new ArrayList<>();
    private final Map<String, Run> runs = new HashMap<>();
    /** Every run as it started: a served run goes on after a pause under its id, so one id may start twice. */
    private final List<Run> inOrder = new ArrayList<>();
    private final Set<String> waited = new HashSet<>();
    private Run current;
    private Plan plan;
    private Step step;

    /** The kept events, a line that cannot be read (cut off by a crash) left out. */
    static ReportRuns read(Path file) {
        List<JsonNode> lines = new ArrayList<>();
        try (var text = Files.lines(file, StandardCharsets.UTF_8)) {
            text.filter(line -> !line.isBlank()).forEach(line -> {
                try {
                    lines.add(JSON.readTree(line));
                } catch (JacksonException e) {
                    // the last line of a process that stopped while writing it
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the session's events " + file + ": " + e.getMessage(), e);
        }
        return of(lines);
    }

    /** Reads the lines in order. */
    static ReportRuns of(List<JsonNode> lines) {
        ReportRuns report = new ReportRuns();
        lines.forEach(report::accept);
        return report;
    }

    /** Every run, top-level, of plan steps and of sub-agents, in the order they started. */
    List<Run> allRuns() {
        return List.copyOf(inOrder.stream().sorted(java.util.Comparator.comparing(r -> r.started)).toList());
    }

    private void accept(JsonNode line) {
        String type = line.path("type").asString();
        if (type.equals("sub_agent")) {
            JsonNode inner = line;
            String runId = "";
            String parentId = "";
            while (inner.path("type").asString().equals("sub_agent")) {
                runId = inner.path("run_id").asString();
                parentId = inner.path("parent_run_id").asString();
                inner = inner.path("event");
            }
            if (inner.path("type").asString().equals("run_started")) {
                Run sub = started(inner, line.path("at").asString());
                Run parent = Optional.ofNullable(runs.get(parentId)).orElse(current);
                if (parent != null) {
                    startedBy(parent, sub).ifPresentOrElse(call -> call.subAgents.add(sub),
                            () -> parent.items.add(new SubAgent(sub)));
                }
                return;
            }
            Run run = runs.get(runId);
            if (run != null) {
                event(run, inner, line.path("at").asString(""));
            }
            return;
        }
        switch (type) {
            case "run_started" -> {
                current = started(line, line.path("at").asString());
                current.provider = line.path("provider").asString("");
                current.model = line.path("model").asString("");
                if (step != null && step.status.equals("running")) {
                    step.runs.add(current);
                } else {
                    blocks.add(current);
                }
            }
            case "plan_created", "replanned" -> {
                if (plan == null || type.equals("plan_created")) {
                    plan = new Plan();
                    blocks.add(plan);
                }
                line.path("steps").forEach(s -> plan.steps.add(new Step(s.path("id").asString(),
                        s.path("description").asString())));
            }
            case "step_started" -> stepNamed(line.path("id").asString()).ifPresent(s -> {
                s.status = "running";
                step = s;
            });
            case "step_completed" -> stepNamed(line.path("id").asString()).ifPresent(s -> {
                s.status = line.path("ok").asBoolean() ? "done" : "failed";
                s.result = line.path("result").asString("");
            });
            default -> {
                if (current != null) {
                    event(current, line, line.path("at").asString(""));
                }
            }
        }
    }

    /**
     * The call of {@code parent} that started the sub-agent's run: the first one still running that
     * hands work to agents ({@code task}, or the sub-agent's own tool) and has started none yet. The
     * events do not say; this is exact unless two such calls run at once.
     */
    private static Optional<ToolCall> startedBy(Run parent, Run sub) {
        return parent.items.stream().filter(ToolCall.class::isInstance).map(ToolCall.class::cast)
                .filter(call -> !call.finished && call.subAgents.isEmpty()
                        && (call.name.equals("task") || call.name.equals(sub.agent))).findFirst();
    }

    private Optional<Step> stepNamed(String id) {
        return plan == null ? Optional.empty() : plan.steps.stream().filter(s -> s.id.equals(id)).reduce((a, b) -> b);
    }

    private Run started(JsonNode line, String at) {
        Run run = new Run(line.path("run_id").asString(), line.path("agent").asString("agent"));
        run.started = at;
        runs.put(run.runId, run);
        inOrder.add(run);
        return run;
    }

    /**
     * A step of the inner machine: a model call starts when it leaves IDLE for CALLING, and its
     * latency is the time it spent calling, streaming and waiting to retry (not its tool calls).
     */
    private static void modelCallStep(Run run, String from, String to, double elapsed, String at) {
        if (from.equals("IDLE") && to.equals("CALLING")) {
            run.reasoning = new ModelCall(++run.calls);
            run.reasoning.at = at;
            run.reasoning.latencyMillis = 0;
            run.items.add(run.reasoning);
        } else if (run.reasoning != null && Set.of("CALLING", "STREAMING", "RETRYING").contains(from)) {
            run.reasoning.latencyMillis += elapsed;
        }
    }

    /** One event of {@code run}'s own, which came {@code at}. */
    private void event(Run run, JsonNode line, String at) {
        switch (line.path("type").asString()) {
            case "state_changed" -> {
                String from = line.path("from").asString();
                double elapsed = line.path("elapsed_ms").asDouble();
                if (!line.path("machine").asString().equals("agent")) {
                    modelCallStep(run, from, line.path("to").asString(), elapsed, at);
                    return;
                }
                // a log of the release before names the states by their old names
                from = AgentState.named(from).name();
                run.states.add(Map.entry(from, elapsed));
                run.stateMillis.merge(from, elapsed, Double::sum);
            }
            case "retrying" -> lastCall(run).ifPresent(call -> call.retries.add(line.path("cause").asString()));
            case "usage_updated" -> {
                if (line.path("source").asString().equals("model_call")) {
                    lastCall(run).ifPresent(call -> call.usage = usage(line.path("call")));
                }
                // the run's tokens are what it spent here, call by call: a run whose process was killed has them
                // too, and one that went on from a pause, whose result counts the pause's again, not twice
                run.usage = run.usage.plus(usage(line.path("call")));
            }
            case "decision" -> lastCall(run).ifPresent(call -> call.decision = line.path("kind").asString() + ": "
                    + line.path("reason").asString());
            case "tool_call_started" -> call(run, line, at).arguments = line.path("arguments").asString();
            case "tool_call_pending" -> {
                ToolCall call = call(run, line, at);
                call.arguments = line.path("arguments").asString();
                List<String> reasons = new ArrayList<>();
                line.path("reasons").forEach(r -> reasons.add(r.asString()));
                call.permission = "waits for approval: " + String.join("; ", reasons);
                waited.add(call.id);
            }
            case "tool_call_completed" -> {
                ToolCall call = call(run, line, at);
                call.finished = true;
                call.ok = line.path("ok").asBoolean();
                call.durationMillis = line.path("duration_ms").asDouble();
                call.result = line.path("content").asString();
                String denial = "Error (denied): ";
                call.permission = call.result.startsWith(denial) ? call.result.substring(denial.length())
                        : !call.approval.isEmpty() ? call.approval
                        : waited.contains(call.id) ? "approved after the run waited for it" : "allowed";
            }
            case "approval" -> {
                // asked while the call ran: a call of that tool not finished nor answered yet, its arguments
                // as written if one has them (hooks may have changed what the person was shown)
                String tool = line.path("tool").asString();
                ToolCall asked = null;
                for (Item item : run.items) {
                    if (item instanceof ToolCall call && !call.finished && call.approval.isEmpty()
                            && call.name.equals(tool)
                            && (asked == null || call.arguments.equals(line.path("arguments").asString()))) {
                        asked = call;
                    }
                }
                if (asked != null) {
                    asked.approval = switch (line.path("approval").asString()) {
                        case "ALLOW_ONCE" -> "approved by the user";
                        case "ALLOW_ALWAYS" -> "approved by the user, always";
                        default -> "";
                    };
                }
            }
            case "compacted" -> run.items.add(new Compaction(line.path("before").asInt(), line.path("after").asInt(),
                    line.path("strategy").asString()));
            case "run_completed" -> {
                run.state = line.path("state").asString();
                run.reason = line.path("reason").asString("");
                run.answer = line.path("text").asString("");
                run.error = line.path("error").asString("");
                run.iterations = line.path("iterations").asInt();
                run.durationMillis = line.path("duration_ms").asDouble();
                line.path("pending").forEach(p -> run.pending.add(p.path("tool").asString() + " "
                        + p.path("arguments").asString()));
                line.path("executable_config").forEach(path -> run.executableConfig.add(path.asString()));
            }
            default -> {
                // iterations' ends, tool errors (their calls say it), what a newer launcher adds
            }
        }
    }

    private static Optional<ModelCall> lastCall(Run run) {
        return Optional.ofNullable(run.reasoning);
    }

    /** The call with this id in the run, added where it first appears. */
    private static ToolCall call(Run run, JsonNode line, String at) {
        String id = line.path("id").asString();
        for (Item item : run.items) {
            if (item instanceof ToolCall call && call.id.equals(id)) {
                return call;
            }
        }
        ToolCall call = new ToolCall(id, line.path("name").asString());
        call.at = at;
        run.items.add(call);
        return call;
    }

    static Usage usage(JsonNode node) {
        return new Usage(node.path("input").asLong(), node.path("output").asLong(), node.path("cached").asLong(),
                node.path("reasoning").asLong());
    }
}
