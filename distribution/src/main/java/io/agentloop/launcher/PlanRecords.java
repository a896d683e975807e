package io.agentloop.launcher;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.event.AgentListener;
import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Usage;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.run.PlanStep;
import io.agentloop.api.session.Checkpoint;
import io.agentloop.api.session.SessionWriter;
import io.agentloop.core.plan.PlanAndSolve;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * A plan-and-solve run in a session: the goal as the user's message, a checkpoint {@code plan}
 * (and {@code replan-N}) with the steps, one {@code step-<id>} per step that ended with its result
 * and the files it produced,
 * and, at the end, the answer and a checkpoint {@code plan-done}. A session whose last plan has no
 * {@code plan-done} can go on from its first unfinished step ({@link #unfinished}).
 */
final class PlanRecords implements AgentListener {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final TypeReference<List<PlanStep>> STEPS = new TypeReference<>() {
    };

    private final SessionWriter writer;
    private final UnaryOperator<String> redact;
    private int replans;

    /** A plan as saved: its goal and how far it got. */
    record Saved(String goal, PlanAndSolve.Progress progress) {
    }

    PlanRecords(SessionWriter writer, UnaryOperator<String> redact, int replansSoFar) {
        this.writer = writer;
        this.redact = redact;
        this.replans = replansSoFar;
    }

    /** Records the goal (a new plan: the user's message). */
    void started(String goal) {
        writer.append(UserMessage.of(redact.apply(goal)));
    }

    /** Records the answer and that the plan is done. */
    void finished(PlanAndSolve.Result result) {
        writer.append(AssistantMessage.of(redact.apply(result.answer())));
        writer.checkpoint(new Checkpoint("plan-done", Instant.now(), "COMPLETED", result.usage(),
                Map.of("steps", Integer.toString(result.steps().size()), "replans",
                        Integer.toString(result.replans()))));
    }

    @Override
    public void onEvent(AgentEvent event) {
        switch (event) {
            case AgentEvent.PlanCreated created -> write("plan", Map.of("steps", JSON.writeValueAsString(created.steps())));
            case AgentEvent.Replanned replanned -> write("replan-" + ++replans, Map.of("failed", replanned.failedStep(),
                    "steps", JSON.writeValueAsString(replanned.steps())));
            case AgentEvent.StepCompleted completed -> write("step-" + completed.id(), Map.of("id", completed.id(),
                    "ok", Boolean.toString(completed.ok()), "result", redact.apply(completed.result()),
                    "files", String.join("\n", completed.files())));
            default -> {
                // the runs themselves are not recorded: the plan's records say where it got to
            }
        }
    }

    private void write(String name, Map<String, String> data) {
        writer.checkpoint(new Checkpoint(name, Instant.now(), "PLAN", Usage.ZERO, data));
    }

    /** The last plan of a session, if it did not finish, with the goal that started it. */
    static Optional<Saved> unfinished(List<Checkpoint> checkpoints, Optional<String> goal) {
        int start = -1;
        for (int i = 0; i < checkpoints.size(); i++) {
            if (checkpoints.get(i).name().equals("plan")) {
                start = i;
            }
        }
        if (start < 0 || goal.isEmpty() || checkpoints.subList(start, checkpoints.size()).stream()
                .anyMatch(c -> c.name().equals("plan-done"))) {
            return Optional.empty();
        }
        List<PlanStep> steps = JSON.readValue(checkpoints.get(start).data().get("steps"), STEPS);
        List<PlanStep> all = new ArrayList<>(steps);
        List<PlanAndSolve.StepResult> done = new ArrayList<>();
        int replans = 0;
        for (Checkpoint checkpoint : checkpoints.subList(start + 1, checkpoints.size())) {
            if (checkpoint.name().startsWith("replan-")) {
                replans++;
                steps = JSON.readValue(checkpoint.data().get("steps"), STEPS);
                all.addAll(steps);
            } else if (checkpoint.name().startsWith("step-")) {
                String id = checkpoint.data().get("id");
                PlanStep step = all.stream().filter(s -> s.id().equals(id)).findFirst()
                        .orElse(new PlanStep(id, id, List.of()));
                String files = checkpoint.data().getOrDefault("files", "");
                done.add(new PlanAndSolve.StepResult(step, Boolean.parseBoolean(checkpoint.data().get("ok")),
                        checkpoint.data().getOrDefault("result", ""), files.isEmpty() ? List.of()
                        : List.of(files.split("\n"))));
            }
        }
        return Optional.of(new Saved(goal.get(), new PlanAndSolve.Progress(steps, done, replans)));
    }
}
