package io.agentloop.core.hook;

import io.agentloop.api.hook.ActingInterceptor;
import io.agentloop.api.hook.Hook;
import io.agentloop.api.hook.HookContext;
import io.agentloop.api.hook.PostActingHook;
import io.agentloop.api.hook.PostPrintHook;
import io.agentloop.api.hook.PostReasoningHook;
import io.agentloop.api.hook.PostReplyHook;
import io.agentloop.api.hook.PreActingHook;
import io.agentloop.api.hook.PrePrintHook;
import io.agentloop.api.hook.PreReasoningHook;
import io.agentloop.api.hook.PreReplyHook;
import io.agentloop.api.hook.ReasoningInterceptor;
import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.core.hook.InterceptorChain.Link;
import io.agentloop.core.registry.PluginCode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

/**
 * The hooks of one agent in chain order, and the per-run chains of the four phases built from
 * them. Order: ascending {@link Hook#order()}, ties in registration order (the sort is stable).
 * Immutable and shared by every run of the agent.
 */
public final class Hooks {
    private final List<Hook> ordered;

    /** @param hooks in registration order */
    public Hooks(List<? extends Hook> hooks) {
        List<Hook> sorted = new ArrayList<>(hooks);
        sorted.sort(Comparator.comparingInt(Hook::order));
        this.ordered = List.copyOf(sorted);
    }

    /** The hooks, outermost first. */
    public List<Hook> ordered() {
        return ordered;
    }

    /** Builds the chains of one run, bound to its context. */
    public Chains forRun(HookContext context) {
        return new Chains(context);
    }

    /** The four phase chains of one run. Thread-safe: acting chains run on the tools' threads. */
    public final class Chains {
        private final InterceptorChain<List<Message>, RunResult> reply;
        /** The pre-reply links alone, in the same order: {@link #beforeReply}. */
        private final InterceptorChain<List<Message>, List<Message>> replyBefore;
        /** The post-reply links alone, in the same order: {@link #afterReply}. */
        private final InterceptorChain<RunResult, RunResult> replyAfter;
        private final InterceptorChain<ChatRequest, AssistantMessage> reasoning;
        private final InterceptorChain<ToolCall, ToolResult> acting;
        private final InterceptorChain<String, String> print;

        private Chains(HookContext context) {
            List<Link<List<Message>, RunResult>> replyLinks = new ArrayList<>();
            List<Link<List<Message>, List<Message>>> beforeReplyLinks = new ArrayList<>();
            List<Link<RunResult, RunResult>> afterReplyLinks = new ArrayList<>();
            List<Link<ChatRequest, AssistantMessage>> reasoningLinks = new ArrayList<>();
            List<Link<ToolCall, ToolResult>> actingLinks = new ArrayList<>();
            List<Link<String, String>> printLinks = new ArrayList<>();
            for (Hook hook : ordered) {
                String name = hook.name();
                // A hook implementing both sides of a phase wraps it once: its before, then its after.
                if (hook instanceof PostReplyHook h) {
                    replyLinks.add(HookLinks.after(name, "post-reply", (in, out) -> PluginCode.call(h, () -> h.afterReply(out, context))));
                    afterReplyLinks.add(HookLinks.after(name, "post-reply", (in, out) -> PluginCode.call(h,
                            () -> h.afterReply(out, context))));
                }
                if (hook instanceof PreReplyHook h) {
                    replyLinks.add(HookLinks.before(name, "pre-reply", in -> PluginCode.call(h, () -> h.beforeReply(in, context))));
                    beforeReplyLinks.add(HookLinks.before(name, "pre-reply", in -> PluginCode.call(h,
                            () -> h.beforeReply(in, context))));
                }
                if (hook instanceof PostReasoningHook h) {
                    reasoningLinks.add(HookLinks.after(name, "post-reasoning",
                            (in, out) -> PluginCode.call(h, () -> h.afterReasoning(in, out, context))));
                }
                if (hook instanceof PreReasoningHook h) {
                    reasoningLinks.add(HookLinks.before(name, "pre-reasoning", in -> PluginCode.call(h, () -> h.beforeReasoning(in, context))));
                }
                if (hook instanceof ReasoningInterceptor h) {
                    reasoningLinks.add(HookLinks.around(name, "reasoning", (in, next) -> PluginCode.call(h,
                            () -> h.intercept(new ReasoningChainView(in, next, context)))));
                }
                if (hook instanceof PostActingHook h) {
                    actingLinks.add(HookLinks.after(name, "post-acting", (in, out) -> PluginCode.call(h, () -> h.afterActing(in, out, context))));
                }
                if (hook instanceof PreActingHook h) {
                    actingLinks.add(HookLinks.before(name, "pre-acting", in -> PluginCode.call(h, () -> h.beforeActing(in, context))));
                }
                if (hook instanceof ActingInterceptor h) {
                    actingLinks.add(HookLinks.around(name, "acting", (in, next) -> PluginCode.call(h,
                            () -> h.intercept(new ActingChainView(in, next, context)))));
                }
                if (hook instanceof PostPrintHook h) {
                    printLinks.add(HookLinks.after(name, "post-print", (in, out) -> PluginCode.call(h, () -> h.afterPrint(out, context))));
                }
                if (hook instanceof PrePrintHook h) {
                    printLinks.add(HookLinks.before(name, "pre-print", in -> PluginCode.call(h, () -> h.beforePrint(in, context))));
                }
            }
            reply = new InterceptorChain<>(replyLinks);
            replyBefore = new InterceptorChain<>(beforeReplyLinks);
            replyAfter = new InterceptorChain<>(afterReplyLinks);
            reasoning = new InterceptorChain<>(reasoningLinks);
            acting = new InterceptorChain<>(actingLinks);
            print = new InterceptorChain<>(printLinks);
        }

        public RunResult reply(List<Message> input, Function<List<Message>, RunResult> loop) {
            return HookLinks.run(reply, input, loop);
        }

        /**
         * The pre-reply hooks alone, in the order {@link #reply} runs them: for a runner that runs
         * the hooks around its loop as steps of their own (a durable engine, whose loop runs
         * elsewhere than its hooks' I/O), with {@link #afterReply} after the loop. Together they
         * do what {@link #reply} does: each "before" outermost first, each "after" innermost first.
         */
        public List<Message> beforeReply(List<Message> input) {
            return HookLinks.run(replyBefore, input, Function.identity());
        }

        /** The post-reply hooks alone, innermost first: the other half of {@link #beforeReply}. */
        public RunResult afterReply(RunResult result) {
            return HookLinks.run(replyAfter, result, Function.identity());
        }

        /** Whether there is a pre-reply hook ({@link #beforeReply} would change nothing without one). */
        public boolean hasBeforeReply() {
            return !replyBefore.isEmpty();
        }

        /** Whether there is a post-reply hook ({@link #afterReply} would change nothing without one). */
        public boolean hasAfterReply() {
            return !replyAfter.isEmpty();
        }

        public AssistantMessage reasoning(ChatRequest request, Function<ChatRequest, AssistantMessage> call) {
            return HookLinks.run(reasoning, request, call);
        }

        public ToolResult acting(ToolCall call, Function<ToolCall, ToolResult> invoke) {
            return HookLinks.run(acting, call, invoke);
        }

        public boolean printsAsIs() {
            return print.isEmpty();
        }

        public String print(String text, Function<String, String> show) {
            return HookLinks.run(print, text, show);
        }
    }

    private record ReasoningChainView(ChatRequest request, InterceptorChain.Next<ChatRequest, AssistantMessage> next,
                                      HookContext context) implements ReasoningInterceptor.Chain {
        @Override
        public AssistantMessage proceed(ChatRequest changed) {
            return next.proceed(changed);
        }
    }

    private record ActingChainView(ToolCall call, InterceptorChain.Next<ToolCall, ToolResult> next,
                                   HookContext context) implements ActingInterceptor.Chain {
        @Override
        public ToolResult proceed(ToolCall changed) {
            return next.proceed(changed);
        }
    }
}
