package io.agentloop.plugins.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.tool.ToolSource;
import io.agentloop.core.Agent;
import io.agentloop.testkit.McpReferenceServers;
import io.agentloop.testkit.ScriptedChatModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A server started lazily offers the tools of its last start, and starts at the first call. */
class LazyStartTest {
    @TempDir
    Path data;

    private final String script = McpReferenceServers.script("server-everything").toString();

    private McpToolSource source(String args) {
        return new McpToolSource(Map.of("servers.everything.command", McpReferenceServers.node(),
                "servers.everything.args", args, "servers.everything.start", "lazy"), "test", Optional.of(data));
    }

    private List<ProcessHandle> servers() {
        // the server itself, not the bwrap that holds it in a PID namespace of its own
        return ProcessHandle.current().descendants().filter(p -> p.isAlive() && p.info().arguments()
                .map(a -> List.of(a).contains(script)).orElse(false)
                && !p.info().command().orElse("").endsWith("/bwrap")).toList();
    }

    @Test
    void theFirstTimeItStartsAtOnceAfterThatAtItsFirstCall() throws Exception {
        try (McpToolSource first = source(script)) {
            assertThat(first.tools()).extracting(t -> t.spec().name()).contains("everything_echo");
            assertThat(first.connections()).extracting(ToolSource.Connection::state).containsExactly("ready");
        }
        assertThat(data.resolve("tools-everything.json")).exists();

        try (McpToolSource second = source(script)) {
            assertThat(second.tools()).extracting(t -> t.spec().name()).contains("everything_echo");
            assertThat(second.connections()).extracting(ToolSource.Connection::state).containsExactly("lazy");
            assertThat(servers()).as("not started yet").isEmpty();

            String echoed = Agent.builder().model(ScriptedChatModel.script().answer("unused").build())
                    .tools(second.tools()).build().callTool("everything_echo", "{\"message\":\"now\"}").content();

            assertThat(echoed).isEqualTo("Echo: now");
            assertThat(second.connections()).extracting(ToolSource.Connection::state).containsExactly("ready");
            assertThat(servers()).hasSize(1);
        }
        assertThat(servers()).isEmpty();
    }

    @Test
    void aServerConfiguredDifferentlyDoesNotUseTheListOfTheOldOne() throws Exception {
        try (McpToolSource first = source(script)) {
            first.tools();
        }
        Files.writeString(data.resolve("tools-everything.json"), Files.readString(data.resolve("tools-everything.json"))
                .replace("\"echo\"", "\"echo_renamed\""));

        try (McpToolSource changed = source(script + ",stdio")) {
            assertThat(changed.tools()).extracting(t -> t.spec().name()).contains("everything_echo")
                    .doesNotContain("everything_echo_renamed");
            assertThat(changed.connections()).extracting(ToolSource.Connection::state).containsExactly("ready");
        }
    }
}
