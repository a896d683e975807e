package io.agentloop.launcher;

import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.StopReason;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.message.Usage;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.session.Checkpoint;
import io.agentloop.core.session.MessageCodec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Writes session files as the file store does, record for record, with the store's message codec,
 * but all at once and unsynced: ten thousand sessions through the store's writer would take minutes
 * of fsyncs. {@code StatsTest} checks the two write the same records.
 */
final class SessionFiles {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final String id;
    private final StringBuilder text = new StringBuilder();

    SessionFiles(String id, String title, Instant created) {
        this.id = id;
        line(JSON.createObjectNode().put("type", "session").put("version", 1).put("id", id).put("title", title)
                .put("created", created.toString()));
    }

    SessionFiles message(Message message, Instant at) {
        ObjectNode record = JSON.createObjectNode().put("type", "message").put("at", at.toString());
        record.set("message", MessageCodec.encode(message));
        return line(record);
    }

    SessionFiles result(ToolResultBlock result, Instant at) {
        ObjectNode record = JSON.createObjectNode().put("type", "result").put("at", at.toString());
        record.set("result", MessageCodec.block(result));
        return line(record);
    }

    SessionFiles checkpoint(Checkpoint checkpoint) {
        ObjectNode record = JSON.createObjectNode().put("type", "checkpoint").put("name", checkpoint.name())
                .put("at", checkpoint.at().toString()).put("state", checkpoint.state());
        record.set("usage", MessageCodec.usage(checkpoint.usage()));
        ObjectNode data = record.putObject("data");
        checkpoint.data().forEach(data::put);
        return line(record);
    }

    /** A model turn that calls these tools, each failing. */
    SessionFiles failingCalls(List<String> tools, Instant at) {
        List<io.agentloop.api.message.ContentBlock> calls = new ArrayList<>();
        for (int n = 0; n < tools.size(); n++) {
            calls.add(ToolCall.of("call_" + n, tools.get(n), "{}"));
        }
        message(new AssistantMessage(calls, Usage.of(1, 1), StopReason.TOOL_CALLS), at);
        for (int n = 0; n < tools.size(); n++) {
            result(new ToolResultBlock("call_" + n, tools.get(n), "it failed", true), at);
        }
        return this;
    }

    SessionFiles exchange(String question, String answer, Instant asked, Instant answered) {
        message(UserMessage.of(question), asked);
        return message(AssistantMessage.of(answer), answered);
    }

    Path writeTo(Path folder) {
        try {
            return Files.writeString(folder.resolve(id + ".jsonl"), text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private SessionFiles line(ObjectNode record) {
        text.append(JSON.writeValueAsString(record)).append('\n');
        return this;
    }
}
