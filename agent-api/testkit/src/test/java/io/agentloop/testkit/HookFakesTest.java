package io.agentloop.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentloop.api.hook.ActingInterceptor;
import io.agentloop.api.hook.HookException;
import io.agentloop.api.hook.ReasoningInterceptor;
import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.api.tool.ToolResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The hook context and chain fakes behave as the platform's: arguments, endRun, proceed once. */
class HookFakesTest {

    @Test
    void argumentsAreReadAsThePlatformReadsThem() {
        FakeHookContext context = new FakeHookContext();

        var arguments = context.arguments(ToolCall.of("c1", "t",
                "{\"n\":3,\"x\":1.5,\"gone\":null,\"list\":[1,{\"a\":null}]}"));

        assertThat(arguments.values()).isEqualTo(Map.of("n", 3L, "x", 1.5, "list", List.of(1L, Map.of())));
        assertThatThrownBy(() -> context.arguments(ToolCall.of("c1", "t", "[1]")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a JSON object");
        assertThatThrownBy(() -> context.arguments(ToolCall.of("c1", "t", "{oops")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not valid JSON");
    }

    @Test
    void theFirstEndRunIsKeptAndTheRedactorIsYours() {
        FakeHookContext context = new FakeHookContext().redactor(text -> text.replace("sk-1", "[REDACTED]"));

        context.endRun(TerminalReason.TOKEN_LIMIT, "budget spent");
        context.endRun(TerminalReason.CANCELLED, "later");

        assertThat(context.ended()).contains(new FakeHookContext.EndedRun(TerminalReason.TOKEN_LIMIT, "budget spent"));
        assertThat(context.redact("key sk-1")).isEqualTo("key [REDACTED]");
    }

    @Test
    void anActingChainAnswersAsScriptedRecordsTheCallAndRefusesASecondProceed() {
        ActingInterceptor twice = chain -> {
            chain.proceed(chain.call().withArguments("{\"path\":\"b\"}"));
            return chain.proceed(chain.call());
        };
        FakeActingChain chain = FakeActingChain.of(ToolCall.of("c1", "read", "{\"path\":\"a\"}"))
                .answering(call -> ToolResult.success("read " + call.arguments()));

        assertThatThrownBy(() -> twice.intercept(chain)).isInstanceOf(HookException.class)
                .hasMessageContaining("more than once");
        assertThat(chain.proceeded()).map(ToolCall::arguments).contains("{\"path\":\"b\"}");

        FakeActingChain refused = FakeActingChain.of(ToolCall.of("c2", "rm", "{}"));
        ActingInterceptor deny = c -> ToolResult.failure(ToolResult.Failure.DENIED, "no");
        assertThat(deny.intercept(refused).isError()).isTrue();
        assertThat(refused.proceeded()).isEmpty();
    }

    @Test
    void aReasoningChainAnswersAsScripted() {
        ChatRequest request = ChatRequest.of(List.of(UserMessage.of("hi")), List.of());
        ReasoningInterceptor passOn = chain -> chain.proceed(chain.request());
        FakeReasoningChain chain = FakeReasoningChain.of(request).answering(AssistantMessage.of("hello"));

        assertThat(passOn.intercept(chain).text()).isEqualTo("hello");
        assertThat(chain.proceeded()).contains(request);
    }
}
