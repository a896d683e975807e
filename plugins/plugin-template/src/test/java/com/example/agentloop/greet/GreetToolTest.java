package com.example.agentloop.greet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.agentloop.api.tool.ToolArguments;
import io.agentloop.testkit.TestToolContext;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GreetToolTest {

    @Test
    void greetsByName() throws Exception {
        String greeting = new GreetTool().execute(ToolArguments.of(Map.of("name", "Ada")), new TestToolContext())
                .content();

        assertEquals("Hello, Ada!", greeting);
    }
}
