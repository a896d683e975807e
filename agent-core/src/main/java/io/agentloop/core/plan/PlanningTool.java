package io.agentloop.core.plan;

import io.agentloop.api.AgentException;
import io.agentloop.api.run.PlanEntry;
import io.agentloop.api.run.PlanStep;
import io.agentloop.api.run.StepStatus;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code planning}: the tool through which a plan-and-solve planner keeps its plan, one per plan.
 * The planner {@code create}s the steps, {@code mark_step}s each step it was shown a result of
 * ({@code completed} or {@code blocked}) after every round, and {@code update}s the steps not
 * completed when the plan must change (a re-plan, a bounded number of times). Plan-and-solve reads
 * the plan from here, hands out the next steps ({@link #next}) and records their files.
 *
 * <p>A completed step stays completed and no step goes back to {@code not_started}: every round
 * settles at least one step, so a plan always ends.
 */
public final class PlanningTool implements Tool {
    /** The tool's name, as the planner calls it. */
    public static final String NAME = "planning";
    private static final Map<String, Object> STEP = Map.of("type", "object", "properties", Map.of(
            "id", Map.of("type", "string", "minLength", 1),
            "description", Map.of("type", "string", "minLength", 1),
            "depends_on", Map.of("type", "array", "items", Map.of("type", "string"))),
            "required", List.of("id", "description"));
    private static final ToolSpec SPEC = ToolSpec.builder(NAME)
            .description("Keep the plan: 'create' it (steps, each with an id, what to do and the ids of the steps "
                    + "whose results it needs; steps that need nothing from each other run at the same time); after "
                    + "each round 'mark_step' every step you were shown a result of as completed or blocked; "
                    + "'update' replaces the steps not completed with new ones when the plan must change.")
            .parameter("command", Map.of("type", "string", "enum", List.of("create", "update", "mark_step")), true)
            .parameter("steps", Map.of("type", "array", "maxItems", 30, "items", STEP), false)
            .stringParameter("step_id", "for mark_step: the step", false)
            .parameter("step_status", Map.of("type", "string", "enum", List.of("completed", "blocked"),
                    "description", "for mark_step: completed, or blocked when it failed or cannot be done"), false)
            .build();

    private final List<PlanEntry> entries = new ArrayList<>();
    private int replansLeft;
    private int replans;

    /** @param replans how many times {@code update} may change the plan */
    public PlanningTool(int replans) {
        this.replansLeft = replans;
    }

    @Override
    public ToolSpec spec() {
        return SPEC;
    }

    /** It changes nothing but the plan it keeps. */
    @Override
    public boolean readOnly() {
        return true;
    }

    @Override
    public boolean bringsOutsideText() {
        return false;
    }

    @Override
    public synchronized ToolResult execute(ToolArguments arguments, ToolContext context) {
        String command = arguments.string("command").orElse("");
        try {
            switch (command) {
                case "create" -> create(steps(arguments));
                case "update" -> update(steps(arguments));
                case "mark_step" -> mark(arguments.string("step_id").orElseThrow(() -> refused(
                                "mark_step needs step_id")), StepStatus.of(arguments.string("step_status")
                                .orElseThrow(() -> refused("mark_step needs step_status (completed or blocked)"))));
                default -> throw refused("there is no command '" + command + "'; use create, update or mark_step");
            }
        } catch (AgentException | IllegalArgumentException e) {
            return ToolResult.failure(ToolResult.Failure.INVALID_ARGUMENTS, e.getMessage());
        }
        return ToolResult.success(PlanText.of(entries));
    }

    private void create(List<PlanStep> steps) {
        if (!entries.isEmpty()) {
            throw refused("the plan exists already: mark its steps, or update the steps not completed");
        }
        PlanShape.check(steps, Set.of());
        steps.forEach(step -> entries.add(new PlanEntry(step, StepStatus.NOT_STARTED, List.of())));
    }

    private void update(List<PlanStep> steps) {
        if (entries.isEmpty()) {
            throw refused("there is no plan yet: create it first");
        }
        if (replansLeft <= 0) {
            throw refused("the plan may not be made again any more: mark the steps, and the summary will say what "
                    + "was not done");
        }
        Set<String> keptIds = new HashSet<>();
        entries.stream().filter(e -> e.status() != StepStatus.NOT_STARTED).forEach(e -> keptIds.add(e.step().id()));
        PlanShape.check(steps, keptIds);
        for (PlanStep step : steps) {
            if (keptIds.contains(step.id())) {
                throw refused("step '" + step.id() + "' is done, running or blocked: give the new steps ids not used "
                        + "yet");
            }
        }
        entries.removeIf(e -> e.status() == StepStatus.NOT_STARTED);
        steps.forEach(step -> entries.add(new PlanEntry(step, StepStatus.NOT_STARTED, List.of())));
        replansLeft--;
        replans++;
    }

    private void mark(String id, StepStatus status) {
        int at = indexOf(id);
        if (status != StepStatus.COMPLETED && status != StepStatus.BLOCKED) {
            throw refused("a step is marked completed or blocked; plan-and-solve starts steps itself");
        }
        if (entries.get(at).status() == StepStatus.COMPLETED) {
            throw refused("step '" + id + "' is completed already");
        }
        entries.set(at, entries.get(at).withStatus(status));
    }

    /** The plan as it stands, in plan order; empty before the planner made one. */
    public synchronized List<PlanEntry> entries() {
        return List.copyOf(entries);
    }

    /** How many times the plan was made again. */
    public synchronized int replans() {
        return replans;
    }

    /**
     * The next steps to run: those not started whose dependencies are all completed, at most
     * {@code most}; they are marked in progress.
     */
    synchronized List<PlanStep> next(int most) {
        Set<String> completed = new HashSet<>();
        entries.stream().filter(e -> e.status() == StepStatus.COMPLETED).forEach(e -> completed.add(e.step().id()));
        List<PlanStep> ready = new ArrayList<>();
        for (int i = 0; i < entries.size() && ready.size() < most; i++) {
            PlanEntry entry = entries.get(i);
            if (entry.status() == StepStatus.NOT_STARTED && completed.containsAll(entry.step().dependsOn())) {
                ready.add(entry.step());
                entries.set(i, entry.withStatus(StepStatus.IN_PROGRESS));
            }
        }
        return ready;
    }

    /** Whether every step is completed. */
    synchronized boolean done() {
        return !entries.isEmpty() && entries.stream().allMatch(e -> e.status() == StepStatus.COMPLETED);
    }

    /** Records the files a step's run created or changed. */
    synchronized void files(String id, List<String> files) {
        int at = indexOf(id);
        Set<String> all = new LinkedHashSet<>(entries.get(at).files());
        all.addAll(files);
        entries.set(at, new PlanEntry(entries.get(at).step(), entries.get(at).status(), List.copyOf(all)));
    }

    /**
     * A step the planner left in progress after its round gets the status its outcome gives it, so a
     * planner that forgot to mark it cannot hold the plan up.
     */
    synchronized void settle(String id, boolean ok) {
        int at = indexOf(id);
        if (entries.get(at).status() == StepStatus.IN_PROGRESS) {
            entries.set(at, entries.get(at).withStatus(ok ? StepStatus.COMPLETED : StepStatus.BLOCKED));
        }
    }

    /** Starts from a plan saved earlier (a resumed plan). */
    synchronized void restore(List<PlanEntry> saved) {
        entries.clear();
        entries.addAll(saved);
    }

    private int indexOf(String id) {
        for (int i = 0; i < entries.size(); i++) {
            if (entries.get(i).step().id().equals(id)) {
                return i;
            }
        }
        throw refused("the plan has no step '" + id + "'; its steps are " + entries.stream().map(e -> e.step().id())
                .toList());
    }

    @SuppressWarnings("unchecked")
    private static List<PlanStep> steps(ToolArguments arguments) {
        List<?> given = arguments.list("steps").orElseThrow(() -> refused("create and update need steps"));
        List<PlanStep> steps = new ArrayList<>();
        for (Object item : given) {
            Map<String, Object> step = (Map<String, Object>) item;
            List<String> after = Optional.ofNullable((List<Object>) step.get("depends_on")).orElse(List.of()).stream()
                    .map(String::valueOf).toList();
            steps.add(new PlanStep(String.valueOf(step.get("id")), String.valueOf(step.get("description")), after));
        }
        return steps;
    }

    private static AgentException refused(String message) {
        return new AgentException(message);
    }
}
