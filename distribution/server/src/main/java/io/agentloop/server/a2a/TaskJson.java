package io.agentloop.server.a2a;

import io.agentloop.api.run.PendingCall;
import io.agentloop.server.run.RunStatus;
import io.agentloop.server.run.ServedRun;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A served run as A2A's objects: the run is the task (its id the task id), its session the context,
 * its answer the artifact {@code answer} and the final status's message. Every text from a run masked.
 */
final class TaskJson {
    /** The artifact that holds a finished run's answer. */
    static final String ANSWER = "answer";
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private final UnaryOperator<String> mask;

    TaskJson(UnaryOperator<String> mask) {
        this.mask = mask;
    }

    /** A2A's task state for a run's: a run waiting for a person's approval needs input. */
    static String state(RunStatus status) {
        return switch (status) {
            case RUNNING -> "working";
            case WAITING -> "input-required";
            case COMPLETED -> "completed";
            case FAILED, INTERRUPTED -> "failed";
            case CANCELLED -> "canceled";
        };
    }

    /** The {@code Task}: its status, and the answer as an artifact once there is one. */
    ObjectNode task(ServedRun run) {
        ObjectNode task = JSON.createObjectNode().put("kind", "task").put("id", run.id())
                .put("contextId", run.session());
        task.set("status", status(run, run.status()));
        run.answer().filter(answer -> !answer.isEmpty()).ifPresent(answer -> {
            ObjectNode artifact = task.putArray("artifacts").addObject().put("artifactId", ANSWER).put("name", ANSWER);
            artifact.putArray("parts").add(text(mask.apply(answer)));
        });
        task.putObject("metadata").put("agent", run.agent());
        return task;
    }

    /** A {@code TaskStatusUpdateEvent}; {@code status} is the run's as the event stream told it. */
    ObjectNode statusUpdate(ServedRun run, RunStatus status, boolean last) {
        ObjectNode update = JSON.createObjectNode().put("kind", "status-update").put("taskId", run.id())
                .put("contextId", run.session());
        update.set("status", status(run, status));
        return update.put("final", last);
    }

    /** A {@code TaskArtifactUpdateEvent}: one piece of streamed text, appended to those before it when {@code append}. */
    ObjectNode textUpdate(ServedRun run, String artifactId, String text, boolean append) {
        ObjectNode update = JSON.createObjectNode().put("kind", "artifact-update").put("taskId", run.id())
                .put("contextId", run.session()).put("append", append).put("lastChunk", false);
        ObjectNode artifact = update.putObject("artifact").put("artifactId", artifactId).put("name", "text");
        artifact.putArray("parts").add(text(text));
        return update;
    }

    /**
     * A {@code TaskStatus}: the state, when the run last changed, and a message from the agent that
     * says what the state means: the answer, why the run failed, or which calls wait for whom.
     */
    private ObjectNode status(ServedRun run, RunStatus status) {
        ObjectNode node = JSON.createObjectNode().put("state", state(status)).put("timestamp", run.updated().toString());
        explanation(run, status).ifPresent(text -> node.set("message", agentMessage(run, status, text)));
        return node;
    }

    private Optional<String> explanation(ServedRun run, RunStatus status) {
        return switch (status) {
            case RUNNING -> Optional.empty();
            case COMPLETED -> run.answer().filter(answer -> !answer.isEmpty()).map(mask);
            case WAITING -> Optional.of(waiting(run, run.pending()));
            case FAILED, INTERRUPTED -> run.error().or(run::answer).map(mask)
                    .or(() -> Optional.of("the run failed (" + run.reason().orElse("no reason given") + ")"));
            case CANCELLED -> Optional.of("the run was cancelled");
        };
    }

    private String waiting(ServedRun run, List<PendingCall> calls) {
        StringBuilder text = new StringBuilder("waiting for a person to approve or deny:");
        for (PendingCall call : calls) {
            text.append(' ').append(call.call().name()).append(' ').append(mask.apply(call.call().arguments()))
                    .append(" (call ").append(call.call().id()).append(");");
        }
        return text.append(" decide with POST /v1/runs/").append(run.id()).append("/approvals/{call} or in the ")
                .append("server's console").toString();
    }

    private static ObjectNode agentMessage(ServedRun run, RunStatus status, String text) {
        ObjectNode message = JSON.createObjectNode().put("kind", "message").put("role", "agent")
                .put("messageId", run.id() + "-" + status + "-" + run.updated().toEpochMilli())
                .put("taskId", run.id()).put("contextId", run.session());
        message.putArray("parts").add(text(text));
        return message;
    }

    private static ObjectNode text(String text) {
        return JSON.createObjectNode().put("kind", "text").put("text", text);
    }
}
