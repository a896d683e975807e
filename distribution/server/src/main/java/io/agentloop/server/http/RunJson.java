package io.agentloop.server.http;

import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.SystemMessage;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.run.CallProgress;
import io.agentloop.api.run.PendingCall;
import io.agentloop.api.session.SessionInfo;
import io.agentloop.core.event.EventJson;
import io.agentloop.server.run.ServedRun;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** The API's JSON for runs, their waiting calls and sessions; every text from a run masked. */
final class RunJson {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private final UnaryOperator<String> mask;
    private final PendingFile files;

    /** @param workspaces the folder the runs' workspace folders are in */
    RunJson(UnaryOperator<String> mask, java.nio.file.Path workspaces) {
        this.mask = mask;
        this.files = new PendingFile(mask, workspaces);
    }

    ObjectNode run(ServedRun run) {
        ObjectNode node = JSON.createObjectNode().put("id", run.id()).put("state", run.status().toString())
                .put("agent", run.agent()).put("owner", run.owner()).put("session", run.session())
                .put("workspace", run.workspace())
                .put("mode", run.mode().toString()).put("created", run.created().toString())
                .put("updated", run.updated().toString()).put("last_event", run.events().last());
        run.task().ifPresent(task -> node.put("task", mask.apply(task)));
        run.reason().ifPresent(reason -> node.put("reason", reason));
        run.answer().ifPresent(answer -> node.put("answer", mask.apply(answer)));
        run.error().ifPresent(error -> node.put("error", mask.apply(error)));
        run.result().ifPresent(result -> {
            node.set("usage", EventJson.usage(result.usage()));
            result.output().ifPresent(output -> node.set("output", JSON.valueToTree(output)));
            if (!result.executableConfig().isEmpty()) {
                result.executableConfig().forEach(node.putArray("executable_config")::add);
            }
        });
        ArrayNode pending = node.putArray("pending");
        run.pending().forEach(call -> pending.add(withFile(pending(call), call, run.workspace())));
        return node;
    }

    /** A waiting call with, for a {@code write}, the file it would replace as it is now ({@link PendingFile}). */
    ObjectNode withFile(ObjectNode node, PendingCall call, String workspace) {
        PendingFile.add(node, files.of(call, workspace));
        return node;
    }

    ObjectNode pending(PendingCall call) {
        ObjectNode node = JSON.createObjectNode().put("id", call.call().id()).put("tool", call.call().name())
                .put("arguments", mask.apply(call.call().arguments()));
        call.reasons().forEach(node.putArray("reasons")::add);
        call.rememberAs().forEach(node.putArray("remember_as")::add);
        return node;
    }

    /** A waiting call and its decision so far. */
    ObjectNode approval(CallProgress call, String workspace) {
        ObjectNode node = call.pending().map(pending -> withFile(pending(pending), pending, workspace)).orElseGet(() -> JSON.createObjectNode()
                .put("id", call.call().id()).put("tool", call.call().name())
                .put("arguments", mask.apply(call.call().arguments())));
        node.put("since", call.at().toString());
        call.decision().ifPresentOrElse(decision -> {
            ObjectNode decided = node.putObject("decision").put("approved", decision.approved())
                    .put("approval", decision.approval().name().toLowerCase(java.util.Locale.ROOT));
            decision.reason().ifPresent(reason -> decided.put("reason", mask.apply(reason)));
        }, () -> node.putNull("decision"));
        return node;
    }

    /** A session, with the name of the caller whose run made it (none for a session no served run made). */
    ObjectNode session(SessionInfo info, Optional<String> owner) {
        ObjectNode node = JSON.createObjectNode().put("id", info.id()).put("title", mask.apply(info.title()))
                .put("created", info.created().toString()).put("updated", info.updated().toString())
                .put("messages", info.messageCount());
        owner.ifPresent(name -> node.put("owner", name));
        return node;
    }

    ArrayNode messages(List<Message> messages) {
        ArrayNode array = JSON.createArrayNode();
        for (Message message : messages) {
            ObjectNode node = array.addObject();
            switch (message) {
                case SystemMessage m -> node.put("role", "system").put("text", mask.apply(m.text()));
                case UserMessage m -> node.put("role", "user").put("text", mask.apply(m.text()));
                case AssistantMessage m -> {
                    node.put("role", "assistant").put("text", mask.apply(m.text()));
                    ArrayNode calls = node.putArray("tool_calls");
                    for (ToolCall call : m.toolCalls()) {
                        calls.addObject().put("id", call.id()).put("name", call.name())
                                .put("arguments", mask.apply(call.arguments()));
                    }
                }
                case ToolMessage m -> {
                    node.put("role", "tool");
                    ArrayNode results = node.putArray("results");
                    m.results().forEach(result -> results.addObject().put("id", result.toolCallId())
                            .put("name", result.toolName()).put("content", mask.apply(result.content()))
                            .put("error", result.error()));
                }
            }
        }
        return array;
    }

    static JsonNode list(String field, ArrayNode items) {
        ObjectNode node = JSON.createObjectNode();
        node.set(field, items);
        return node;
    }
}
