package com.example.agentloop.greet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.agentloop.api.message.ToolCall;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.testkit.FakeActingChain;
import org.junit.jupiter.api.Test;

class ShortNamesOnlyTest {

    @Test
    void aShortNameIsGreeted() {
        FakeActingChain chain = FakeActingChain.of(ToolCall.of("c1", "greet", "{\"name\":\"Ada\"}"))
                .answering(ToolResult.success("Hello, Ada!"));

        assertEquals("Hello, Ada!", new ShortNamesOnly().intercept(chain).content());
        assertTrue(chain.proceeded().isPresent());
    }

    @Test
    void aLongNameIsRefusedWithoutRunningTheTool() {
        FakeActingChain chain = FakeActingChain.of(ToolCall.of("c1", "greet",
                "{\"name\":\"" + "A".repeat(ShortNamesOnly.LIMIT + 1) + "\"}"));

        ToolResult result = new ShortNamesOnly().intercept(chain);

        assertTrue(result.isError());
        assertTrue(chain.proceeded().isEmpty(), "the tool did not run");
    }
}
