package io.agentloop.server.a2a;

import io.agentloop.api.run.PendingCall;
import io.agentloop.server.run.RunStatus;
import io.agentloop.server.run.ServedRun;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.UnaryOperator;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A served run as A2A's objects, in the shapes of one {@link ProtocolVersion}: the run is the task
 * (its id the task id), its session the context, its answer the artifact {@code answer} and the final
 * status's message. Every text from a run masked.
 */
final class TaskJson {
    /** The artifact that holds a finished run's answer. */
    static final String ANSWER = "answer";
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private final UnaryOperator<String> mask;
    private final ProtocolVersion version;

    TaskJson(UnaryOperator<String> mask, ProtocolVersion version) {
        this.mask = mask;
        this.version = version;
    }

    /** A2A's task state for a run's, as 0.3 writes it: a run waiting for a person's approval needs input. */
    static String state(RunStatus status) {
        return switch (status) {
            case RUNNING -> "working";
            case WAITING -> "input-required";
            case COMPLETED -> "completed";
            case FAILED, INTERRUPTED -> "failed";
            case CANCELLED -> "canceled";
        };
    }

    /** The state in this version's spelling: 1.0 writes {@code input-required} as {@code TASK_STATE_INPUT_REQUIRED}. */
    private String stateOf(RunStatus status) {
        String state = state(status);
        return switch (version) {
            case V0_3 -> state;
            case V1_0 -> "TASK_STATE_" + state.toUpperCase(Locale.ROOT).replace('-', '_');
        };
    }

    /**
     * {@code SendMessage}'s result: 1.0 names what it answers with ({@code {"task": ...}}); 0.3's
     * task says it by its {@code kind}.
     */
    ObjectNode sendResult(ObjectNode task) {
        return wrapped("task", task);
    }

    /**
     * One event of a stream: 1.0 wraps it in a field naming it ({@code task}, {@code statusUpdate},
     * {@code artifactUpdate}); 0.3 sends it as it is.
     */
    ObjectNode wrapped(String field, ObjectNode event) {
        return switch (version) {
            case V0_3 -> event;
            case V1_0 -> {
                ObjectNode result = JSON.createObjectNode();
                result.set(field, event);
                yield result;
            }
        };
    }

    /** A new object, tagged with its {@code kind} in 0.3. */
    private ObjectNode object(String kind) {
        ObjectNode node = JSON.createObjectNode();
        return version == ProtocolVersion.V0_3 ? node.put("kind", kind) : node;
    }

    /** The {@code Task}: its status, and the answer as an artifact once there is one. */
    ObjectNode task(ServedRun run) {
        ObjectNode task = object("task").put("id", run.id())
                .put("contextId", run.session());
        task.set("status", status(run, run.status()));
        run.answer().filter(answer -> !answer.isEmpty()).ifPresent(answer -> {
            ObjectNode artifact = task.putArray("artifacts").addObject().put("artifactId", ANSWER).put("name", ANSWER);
            artifact.putArray("parts").add(text(mask.apply(answer)));
        });
        task.putObject("metadata").put("agent", run.agent());
        return task;
    }

    /**
     * A {@code TaskStatusUpdateEvent}; {@code status} is the run's as the event stream told it. Only
     * 0.3 says that it is the last ({@code final}); in 1.0 the stream's end says so.
     */
    ObjectNode statusUpdate(ServedRun run, RunStatus status, boolean last) {
        ObjectNode update = object("status-update").put("taskId", run.id()).put("contextId", run.session());
        update.set("status", status(run, status));
        return version == ProtocolVersion.V0_3 ? update.put("final", last) : update;
    }

    /** A {@code TaskArtifactUpdateEvent}: one piece of streamed text, appended to those before it when {@code append}. */
    ObjectNode textUpdate(ServedRun run, String artifactId, String text, boolean append) {
        ObjectNode update = object("artifact-update").put("taskId", run.id())
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
        ObjectNode node = JSON.createObjectNode().put("state", stateOf(status)).put("timestamp",
                run.updated().toString());
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

    private ObjectNode agentMessage(ServedRun run, RunStatus status, String text) {
        ObjectNode message = object("message").put("role", version == ProtocolVersion.V0_3 ? "agent" : "ROLE_AGENT")
                .put("messageId", run.id() + "-" + status + "-" + run.updated().toEpochMilli())
                .put("taskId", run.id()).put("contextId", run.session());
        message.putArray("parts").add(text(text));
        return message;
    }

    private ObjectNode text(String text) {
        return object("text").put("text", text);
    }
}
