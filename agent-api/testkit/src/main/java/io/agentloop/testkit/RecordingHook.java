package io.agentloop.testkit;

import io.agentloop.api.hook.HookContext;
import io.agentloop.api.hook.PostActingHook;
import io.agentloop.api.hook.PostPrintHook;
import io.agentloop.api.hook.PostReasoningHook;
import io.agentloop.api.hook.PostReplyHook;
import io.agentloop.api.hook.PreActingHook;
import io.agentloop.api.hook.PrePrintHook;
import io.agentloop.api.hook.PreReasoningHook;
import io.agentloop.api.hook.PreReplyHook;
import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.tool.ToolResult;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A hook on every phase that changes nothing and appends {@code "<name>.<method>"} to a shared
 * call log, for asserting the order hooks run in.
 *
 * <pre>{@code
 * List<String> log = RecordingHook.newLog();
 * agent.hooks(new RecordingHook("outer", -10, log), new RecordingHook("inner", 10, log));
 * // ... run ...
 * assertThat(log).containsSubsequence("outer.beforeReasoning", "inner.beforeReasoning",
 *         "inner.afterReasoning", "outer.afterReasoning");
 * }</pre>
 */
public final class RecordingHook implements PreReplyHook, PostReplyHook, PreReasoningHook, PostReasoningHook,
        PreActingHook, PostActingHook, PrePrintHook, PostPrintHook {
    private final String name;
    private final int order;
    private final List<String> log;

    public RecordingHook(String name, int order, List<String> log) {
        this.name = name;
        this.order = order;
        this.log = log;
    }

    /** A thread-safe list to share between recording hooks. */
    public static List<String> newLog() {
        return Collections.synchronizedList(new ArrayList<>());
    }

    @Override
    public int order() {
        return order;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public List<Message> beforeReply(List<Message> messages, HookContext context) {
        log.add(name + ".beforeReply");
        return messages;
    }

    @Override
    public RunResult afterReply(RunResult result, HookContext context) {
        log.add(name + ".afterReply");
        return result;
    }

    @Override
    public ChatRequest beforeReasoning(ChatRequest request, HookContext context) {
        log.add(name + ".beforeReasoning");
        return request;
    }

    @Override
    public AssistantMessage afterReasoning(ChatRequest request, AssistantMessage response, HookContext context) {
        log.add(name + ".afterReasoning");
        return response;
    }

    @Override
    public ToolCall beforeActing(ToolCall call, HookContext context) {
        log.add(name + ".beforeActing:" + call.id());
        return call;
    }

    @Override
    public ToolResult afterActing(ToolCall call, ToolResult result, HookContext context) {
        log.add(name + ".afterActing:" + call.id());
        return result;
    }

    @Override
    public String beforePrint(String text, HookContext context) {
        log.add(name + ".beforePrint");
        return text;
    }

    @Override
    public String afterPrint(String text, HookContext context) {
        log.add(name + ".afterPrint");
        return text;
    }
}
