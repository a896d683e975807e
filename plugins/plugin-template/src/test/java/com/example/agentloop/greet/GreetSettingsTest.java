package com.example.agentloop.greet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.agentloop.api.setting.Setting;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.testkit.TestPluginContext;
import io.agentloop.testkit.TestToolContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GreetSettingsTest {

    @TempDir
    Path folder;

    @Test
    void theGreetingIsDeclaredWithItsDefaultAndTheToolUsesTheDefault() {
        Setting greeting = new GreetSettings().settings().getFirst();

        assertEquals("greeting", greeting.name());
        assertEquals(Optional.of("Hello"), greeting.defaultValue());
        assertEquals(Optional.empty(), greeting.mismatch("Bonjour"), "any text is a greeting");
        assertEquals("Hello, Ada!", new GreetTool(TestPluginContext.of("my-plugin", folder))
                .execute(ToolArguments.of(Map.of("name", "Ada")), new TestToolContext()).content());
    }

    @Test
    void theTestKitKeepsThePluginsDataInTheTestsOwnFolder() {
        Path data = TestPluginContext.of("my-plugin", folder).dataFolder();

        assertEquals(folder.resolve("plugins/my-plugin"), data);
        assertTrue(Files.isDirectory(data));
    }
}
