package io.agentloop.core.hook;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.hook.HookContext;
import io.agentloop.api.hook.PostReplyHook;
import io.agentloop.api.hook.PreReplyHook;
import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.Usage;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.testkit.RecordingHook;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/** The reply chain in two halves, for a runner whose loop runs apart from its hooks: the same hooks, the same order. */
class ReplyHalvesTest {
    private static final HookContext CONTEXT = new HookContext() {
        private final Map<String, Object> attributes = new ConcurrentHashMap<>();

        @Override
        public String runId() {
            return "run-1";
        }

        @Override
        public int iteration() {
            return 0;
        }

        @Override
        public Map<String, Object> attributes() {
            return attributes;
        }

        @Override
        public void endRun(TerminalReason reason, String why) {
            throw new AssertionError("no hook here ends the run");
        }

        @Override
        public String redact(String text) {
            return text;
        }

        @Override
        public ToolArguments arguments(ToolCall call) {
            throw new AssertionError("no hook here reads arguments");
        }
    };

    private static RunResult answered(List<Message> messages, String text) {
        return new RunResult("run-1", AgentState.COMPLETED, Optional.of(TerminalReason.ANSWERED),
                Optional.of(AssistantMessage.of(text)), messages, 1, List.of(), Usage.ZERO, Duration.ZERO,
                Optional.empty());
    }

    @Test
    void theTwoHalvesRunTheReplyHooksInTheOrderOfTheWholeChain() {
        List<String> whole = RecordingHook.newLog();
        new Hooks(List.of(new RecordingHook("inner", 10, whole), new RecordingHook("middle", 0, whole),
                new RecordingHook("outer", -10, whole))).forRun(CONTEXT)
                .reply(List.of(UserMessage.of("hi")), messages -> answered(messages, "hello"));
        List<String> halves = RecordingHook.newLog();
        Hooks.Chains split = new Hooks(List.of(new RecordingHook("inner", 10, halves),
                new RecordingHook("middle", 0, halves), new RecordingHook("outer", -10, halves))).forRun(CONTEXT);

        split.afterReply(answered(split.beforeReply(List.of(UserMessage.of("hi"))), "hello"));

        assertThat(whole).containsExactly("outer.beforeReply", "middle.beforeReply", "inner.beforeReply",
                "inner.afterReply", "middle.afterReply", "outer.afterReply");
        assertThat(halves).isEqualTo(whole);
        assertThat(split.hasBeforeReply()).isTrue();
        assertThat(split.hasAfterReply()).isTrue();
    }

    @Test
    void eachHalfHandsOnWhatItsHooksMade() {
        PreReplyHook remind = (messages, context) -> {
            List<Message> changed = new ArrayList<>(messages);
            changed.addFirst(UserMessage.of("Remember: be brief."));
            return changed;
        };
        PostReplyHook sign = (result, context) -> answered(result.messages(), result.text() + " (checked)");
        Hooks.Chains chains = new Hooks(List.of(remind, sign)).forRun(CONTEXT);
        Hooks.Chains none = new Hooks(List.of()).forRun(CONTEXT);

        List<Message> input = chains.beforeReply(List.of(UserMessage.of("hi")));
        RunResult result = chains.afterReply(answered(input, "hello"));

        assertThat(input).extracting(Message::text).containsExactly("Remember: be brief.", "hi");
        assertThat(result.text()).isEqualTo("hello (checked)");
        assertThat(none.hasBeforeReply()).isFalse();
        assertThat(none.hasAfterReply()).isFalse();
    }
}
