package io.agentloop.plugins.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class TetheredStartTest {
    private static List<ProcessHandle> named(String marker) {
        return ProcessHandle.allProcesses().filter(p -> p.info().commandLine().map(c -> c.contains(marker))
                .orElse(false)).toList();
    }

    @Test
    void aChildInASessionOfItsOwnEndsWhenTheServersBwrapIsKilled() throws Exception {
        assertThat(TetheredStart.bubblewrap()).as("bubblewrap must be installed: apt-get install bubblewrap")
                .isPresent();
        String marker = "tethered-" + UUID.randomUUID();
        Process server = TetheredStart.start(List.of("sh", "-c", "setsid -f sh -c 'echo started; sleep 300; : "
                + marker + "'; cat"), Map.of("PATH", System.getenv("PATH")));
        try (BufferedReader out = new BufferedReader(new InputStreamReader(server.getInputStream(),
                StandardCharsets.UTF_8))) {
            assertThat(out.readLine()).isEqualTo("started");
            List<ProcessHandle> child = named(marker);
            assertThat(child).as("the detached child runs").isNotEmpty();

            server.destroyForcibly();

            for (ProcessHandle left : child) {
                left.onExit().get(2, TimeUnit.MINUTES);
            }
            assertThat(named(marker)).as("processes left by the server").isEmpty();
        } finally {
            named(marker).forEach(ProcessHandle::destroyForcibly);
        }
    }

    @Test
    void withoutBubblewrapTheCommandIsStartedAsItIs() {
        List<String> command = List.of("node", "server.js");

        assertThat(TetheredStart.tethered(command, Optional.empty(), Path.of("/work"))).isEqualTo(command);
        assertThat(TetheredStart.tethered(command, Optional.of(Path.of("/usr/bin/bwrap")), Path.of("/work")))
                .containsSubsequence("/usr/bin/bwrap", "--unshare-pid", "--die-with-parent", "--chdir", "/work", "--",
                        "node", "server.js");
    }
}
