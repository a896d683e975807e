package io.agentloop.temporal;

import io.agentloop.api.AgentException;
import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.model.ContextLengthExceededException;
import io.agentloop.api.permission.Approval;
import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.CallDecision;
import io.agentloop.api.run.PendingCall;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.api.run.ToolCallRecord;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.core.call.ModelCall;
import io.agentloop.core.run.RunJournal;
import io.agentloop.core.session.MessageCodec;
import io.agentloop.core.tool.CallOutcome;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The JSON of what crosses Temporal: a workflow's order and result, each step's input and outcome,
 * the decisions a signal carries and the record lines a client writes to its session. Every payload
 * is one JSON text written here, so the history holds the project's own wire form, readable in
 * Temporal's UI, and no type of ours meets the SDK's data converter.
 */
final class Wire {
    static final JsonMapper JSON = JsonMapper.builder().build();
    private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {
    };

    private Wire() {
    }

    static ObjectNode object() {
        return JSON.createObjectNode();
    }

    static JsonNode read(String text) {
        return JSON.readTree(text);
    }

    // ---- messages

    static ArrayNode messages(List<? extends Message> messages) {
        ArrayNode array = JSON.createArrayNode();
        messages.forEach(message -> array.add(MessageCodec.encode(message)));
        return array;
    }

    static List<Message> messages(JsonNode array) {
        List<Message> messages = new ArrayList<>(array.size());
        array.forEach(node -> messages.add(MessageCodec.decode(node)));
        return messages;
    }

    static Map<String, Object> map(JsonNode node) {
        return JSON.convertValue(node, MAP);
    }

    // ---- tool calls

    static ObjectNode call(ToolCall call) {
        return (ObjectNode) MessageCodec.block(call);
    }

    static ToolCall call(JsonNode node) {
        return (ToolCall) MessageCodec.decodeBlock(node);
    }

    static ObjectNode result(ToolResult result) {
        ObjectNode node = object();
        switch (result) {
            case ToolResult.Success success -> {
                node.put("ok", true).put("content", success.content());
                if (!success.data().isEmpty()) {
                    node.set("data", JSON.valueToTree(success.data()));
                }
            }
            case ToolResult.Failure failure -> node.put("ok", false).put("code", failure.code())
                    .put("message", failure.message());
        }
        return node;
    }

    static ToolResult result(JsonNode node) {
        if (node.path("ok").asBoolean()) {
            return new ToolResult.Success(node.path("content").asString(),
                    node.has("data") ? map(node.get("data")) : Map.of());
        }
        return new ToolResult.Failure(node.path("code").asString(), node.path("message").asString());
    }

    static ObjectNode pending(PendingCall pending) {
        ObjectNode node = object();
        node.set("call", call(pending.call()));
        pending.reasons().forEach(node.putArray("reasons")::add);
        pending.rememberAs().forEach(node.putArray("remember_as")::add);
        return node;
    }

    static PendingCall pending(JsonNode node) {
        return new PendingCall(call(node.get("call")), strings(node.path("reasons")), strings(node.path("remember_as")));
    }

    static ObjectNode outcome(CallOutcome outcome) {
        ObjectNode node = object();
        switch (outcome) {
            case CallOutcome.Finished finished -> {
                node.put("kind", "finished");
                node.set("asked", call(finished.asked()));
                node.set("executed", call(finished.executed()));
                node.set("result", result(finished.result()));
                node.put("duration_ms", finished.duration().toMillis());
            }
            case CallOutcome.Pending pending -> {
                node.put("kind", "pending");
                node.set("pending", pending(pending.pending()));
            }
        }
        return node;
    }

    static CallOutcome outcome(JsonNode node) {
        if ("pending".equals(node.path("kind").asString())) {
            return new CallOutcome.Pending(pending(node.get("pending")));
        }
        return new CallOutcome.Finished(call(node.get("asked")), call(node.get("executed")), result(node.get("result")),
                Duration.ofMillis(node.path("duration_ms").asLong()));
    }

    // ---- model calls

    static ObjectNode modelOutcome(ModelCall.Outcome outcome) {
        ObjectNode node = object();
        switch (outcome) {
            case ModelCall.Outcome.Answered answered -> {
                node.put("kind", "answered");
                node.set("message", MessageCodec.encode(answered.message()));
                node.put("streaming_ms", answered.streaming().toMillis());
            }
            case ModelCall.Outcome.Failed failed -> {
                node.put("kind", "failed");
                error(node, failed.error());
            }
            case ModelCall.Outcome.Aborted aborted -> {
                node.put("kind", "aborted");
                aborted.partial().ifPresent(partial -> node.set("message", MessageCodec.encode(partial)));
            }
        }
        return node;
    }

    static ModelCall.Outcome modelOutcome(JsonNode node) {
        return switch (node.path("kind").asString()) {
            // a history recorded before the call's streaming time was carried has none: zero
            case "answered" -> new ModelCall.Outcome.Answered((AssistantMessage) MessageCodec.decode(node.get("message")),
                    java.time.Duration.ofMillis(node.path("streaming_ms").asLong(0)));
            case "failed" -> new ModelCall.Outcome.Failed(error(node));
            default -> new ModelCall.Outcome.Aborted(node.has("message")
                    ? Optional.of((AssistantMessage) MessageCodec.decode(node.get("message"))) : Optional.empty());
        };
    }

    /** A failure's message, and whether the provider found the conversation too long (the loop compacts then). */
    static void error(ObjectNode node, AgentException error) {
        node.put("error", error.getMessage() == null ? error.toString() : error.getMessage());
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            if (cause instanceof ContextLengthExceededException) {
                node.put("context_length_exceeded", true);
            }
        }
    }

    static AgentException error(JsonNode node) {
        String message = node.path("error").asString();
        return node.path("context_length_exceeded").asBoolean()
                ? new AgentException(message, new ContextLengthExceededException(message, null))
                : new AgentException(message);
    }

    // ---- decisions

    static ArrayNode decisions(List<CallDecision> decisions) {
        ArrayNode array = JSON.createArrayNode();
        for (CallDecision decision : decisions) {
            ObjectNode node = array.addObject().put("call_id", decision.callId())
                    .put("approval", decision.approval().name());
            decision.reason().ifPresent(reason -> node.put("reason", reason));
        }
        return array;
    }

    static List<CallDecision> decisions(JsonNode array) {
        List<CallDecision> decisions = new ArrayList<>();
        for (JsonNode node : array) {
            decisions.add(new CallDecision(node.path("call_id").asString(),
                    Approval.valueOf(node.path("approval").asString()),
                    node.has("reason") ? Optional.of(node.get("reason").asString()) : Optional.empty()));
        }
        return decisions;
    }

    // ---- a run's result

    static ObjectNode runResult(RunResult result) {
        ObjectNode node = object().put("run_id", result.runId()).put("state", result.state().name());
        result.reason().ifPresent(reason -> node.put("reason", reason.name()));
        result.finalMessage().ifPresent(message -> node.set("final", MessageCodec.encode(message)));
        node.set("messages", messages(result.messages()));
        node.put("iterations", result.iterations());
        ArrayNode calls = node.putArray("tool_calls");
        for (ToolCallRecord record : result.toolCalls()) {
            ObjectNode call = calls.addObject().put("iteration", record.iteration())
                    .put("duration_ms", record.duration().toMillis());
            call.set("call", call(record.call()));
            call.set("result", result(record.result()));
        }
        node.set("usage", MessageCodec.usage(result.usage()));
        node.put("duration_ms", result.duration().toMillis());
        result.error().ifPresent(error -> error(node, error));
        result.output().ifPresent(value -> node.set("output", JSON.valueToTree(value)));
        ArrayNode pending = node.putArray("pending");
        result.pending().forEach(call -> pending.add(pending(call)));
        return node;
    }

    /**
     * The result as the workflow returned it. A paused run's open turn is not carried: a durable run
     * waits in its workflow instead of pausing, so only a run stopped while it waited has one, and
     * that run is over.
     */
    static RunResult runResult(JsonNode node) {
        List<ToolCallRecord> calls = new ArrayList<>();
        for (JsonNode call : node.path("tool_calls")) {
            calls.add(new ToolCallRecord(call.path("iteration").asInt(), call(call.get("call")),
                    result(call.get("result")), Duration.ofMillis(call.path("duration_ms").asLong())));
        }
        AgentState state = AgentState.valueOf(node.path("state").asString());
        return new RunResult(node.path("run_id").asString(), state,
                node.has("reason") ? Optional.of(TerminalReason.valueOf(node.get("reason").asString())) : Optional.empty(),
                node.has("final") ? Optional.of((AssistantMessage) MessageCodec.decode(node.get("final"))) : Optional.empty(),
                messages(node.path("messages")), node.path("iterations").asInt(), calls,
                MessageCodec.usage(node.path("usage")), Duration.ofMillis(node.path("duration_ms").asLong()),
                node.has("error") ? Optional.of(error(node)) : Optional.empty(),
                node.has("output") ? Optional.of(JSON.convertValue(node.get("output"), Object.class)) : Optional.empty());
    }

    // ---- the run's record, as lines a client writes to its own session

    /** A journal that writes each record as a line, for another journal to be given later ({@link #replay}). */
    static RunJournal recording(java.util.function.Consumer<String> lines) {
        return new RunJournal() {
            @Override
            public void input(List<Message> messages) {
                ObjectNode node = object().put("op", "input");
                node.set("messages", messages(messages));
                lines.accept(node.toString());
            }

            @Override
            public void turn(AssistantMessage turn) {
                ObjectNode node = object().put("op", "turn");
                node.set("message", MessageCodec.encode(turn));
                lines.accept(node.toString());
            }

            @Override
            public void started(ToolCall call) {
                ObjectNode node = object().put("op", "started");
                node.set("call", call(call));
                lines.accept(node.toString());
            }

            @Override
            public void finished(ToolCall call, ToolResult result) {
                ObjectNode node = object().put("op", "finished");
                node.set("call", call(call));
                node.set("result", result(result));
                lines.accept(node.toString());
            }

            @Override
            public void pending(PendingCall call) {
                ObjectNode node = object().put("op", "pending");
                node.set("pending", Wire.pending(call));
                lines.accept(node.toString());
            }

            @Override
            public void compacted(List<Message> conversation) {
                ObjectNode node = object().put("op", "compacted");
                node.set("messages", messages(conversation));
                lines.accept(node.toString());
            }

            @Override
            public void ended(RunResult result, String agent) {
                // the client that started the run writes its end, with the result it was handed
            }
        };
    }

    /** Gives one recorded line to {@code journal}. */
    static void replay(String line, RunJournal journal) {
        JsonNode node = read(line);
        switch (node.path("op").asString()) {
            case "input" -> journal.input(messages(node.path("messages")));
            case "turn" -> journal.turn((AssistantMessage) MessageCodec.decode(node.get("message")));
            case "started" -> journal.started(call(node.get("call")));
            case "finished" -> journal.finished(call(node.get("call")), result(node.get("result")));
            case "pending" -> journal.pending(pending(node.get("pending")));
            case "compacted" -> journal.compacted(messages(node.path("messages")));
            default -> throw new IllegalArgumentException("unknown record '" + node.path("op").asString() + "'");
        }
    }

    static List<String> strings(JsonNode array) {
        List<String> strings = new ArrayList<>(array.size());
        array.forEach(node -> strings.add(node.asString()));
        return strings;
    }

}
