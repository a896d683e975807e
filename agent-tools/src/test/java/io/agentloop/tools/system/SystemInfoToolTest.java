package io.agentloop.tools.system;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.tool.CommandSandbox;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.core.workspace.SandboxWorkspace;
import io.agentloop.testkit.TestToolContext;
import io.agentloop.testkit.VisibleTempDir;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** system_info in a workspace with the real command sandbox, a secret in the environment and one in the home. */
class SystemInfoToolTest {
    @TempDir(factory = VisibleTempDir.class)
    Path folder;

    @Test
    void describesTheMachineAndRevealsNoSecret() throws Exception {
        Path root = Files.createDirectories(folder.resolve("workspace"));
        Path home = Files.createDirectories(folder.resolve("home"));
        Files.writeString(Files.createDirectories(home.resolve(".aws")).resolve("credentials"), "home-secret-4711");
        SandboxWorkspace workspace = SandboxWorkspace.builder(root)
                .environment(Map.of("PATH", System.getenv("PATH"), "HOME", home.toString(),
                        "MY_SERVICE_TOKEN", "tok-123-secret")).build();
        assertThat(workspace.sandbox().containment()).isEqualTo(CommandSandbox.Containment.CONTAINED);
        Clock clock = Clock.fixed(Instant.parse("2026-03-01T12:00:00Z"), ZoneId.of("Europe/Berlin"));

        ToolResult result = new SystemInfoTool(clock).execute(ToolArguments.of(Map.of()), new TestToolContext(workspace));

        assertThat(result.isError()).isFalse();
        assertThat(result.content()).contains("os: " + System.getProperty("os.name"))
                .contains("processors: " + Runtime.getRuntime().availableProcessors())
                .contains("memoryTotalMiB: ").contains("diskFreeMiB: ")
                .contains("timeZone: Europe/Berlin").contains("time: 2026-03-01T13:00:00+01:00")
                .contains("workingFolder: " + root)
                .doesNotContain("tok-123-secret").doesNotContain("MY_SERVICE_TOKEN").doesNotContain("home-secret-4711")
                .doesNotContain(home.toString());
    }
}
