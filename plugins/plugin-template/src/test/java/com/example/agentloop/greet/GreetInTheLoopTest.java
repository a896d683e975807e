package com.example.agentloop.greet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.agentloop.api.message.ToolCall;
import io.agentloop.api.run.RunResult;
import io.agentloop.core.Agent;
import io.agentloop.testkit.ScriptedChatModel;
import io.agentloop.testkit.TestPluginContext;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tool and the hook in the real agent loop, driven by a scripted model: what a run does with them. */
class GreetInTheLoopTest {

    @TempDir
    Path folder;

    private RunResult greet(String name) {
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(ToolCall.of("c1", "greet", "{\"name\":\"" + name + "\"}"))
                .answer("Done.")
                .build();
        return Agent.builder().model(model).tools(new GreetTool(TestPluginContext.of("my-plugin", folder))).hooks(new ShortNamesOnly()).build()
                .run("Greet " + name);
    }

    @Test
    void theModelCallsTheToolAndGetsTheGreeting() {
        RunResult result = greet("Ada");

        assertEquals("Hello, Ada!", result.toolCalls().get(0).result().content());
        assertEquals("Done.", result.text());
    }

    @Test
    void theHookRefusesALongNameBeforeTheToolRuns() {
        RunResult result = greet("A".repeat(ShortNamesOnly.LIMIT + 1));

        assertEquals("Error (denied): names longer than 40 characters are not greeted; use a shorter one",
                result.toolCalls().get(0).result().content());
    }
}
