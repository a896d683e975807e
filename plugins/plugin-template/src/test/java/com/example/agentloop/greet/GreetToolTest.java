package com.example.agentloop.greet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.agentloop.api.tool.ToolArguments;
import io.agentloop.testkit.TestPluginContext;
import io.agentloop.testkit.TestToolContext;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GreetToolTest {

    @TempDir
    Path folder;

    private static String greet(GreetTool tool, String name) {
        return tool.execute(ToolArguments.of(Map.of("name", name)), new TestToolContext()).content();
    }

    @Test
    void greetsByName() {
        assertEquals("Hello, Ada!", greet(new GreetTool(TestPluginContext.of("my-plugin", folder)), "Ada"));
    }

    @Test
    void theGreetingIsASettingOfThePlugin() {
        GreetTool tool = new GreetTool(TestPluginContext.of("my-plugin", folder).withSetting("greeting", "Bonjour"));

        assertEquals("Bonjour, Ada!", greet(tool, "Ada"));
    }
}
