package io.agentloop.hooks.memory;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.memory.MemoryEntry;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.SystemMessage;
import io.agentloop.api.run.RunResult;
import io.agentloop.core.Agent;
import io.agentloop.testkit.ScriptedChatModel;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MemoryRecallTest {
    @TempDir
    Path folder;

    @Test
    void relevantMemoriesReachTheModelButNotTheConversation() {
        FileLongTermMemory memory = new FileLongTermMemory(folder.resolve("memory.jsonl"), 10, Clock.systemUTC());
        memory.remember(new MemoryEntry("port", "The staging database listens on port 5433.", Set.of("staging"),
                Instant.now()));
        memory.remember(new MemoryEntry("ui", "The front end uses React.", Set.of("frontend"), Instant.now()));
        ScriptedChatModel model = ScriptedChatModel.script().answer("Port 5433.").build();

        RunResult result = Agent.builder().model(model).systemPrompt("Be brief.").hooks(new MemoryRecall(memory, 3))
                .build().run("What port is the staging database on?");

        List<Message> sent = model.requests().getFirst().messages();
        assertThat(sent.get(0)).isEqualTo(new SystemMessage("Be brief."));
        assertThat(sent.get(1)).isEqualTo(new SystemMessage(MemoryRecall.HEADING
                + "\n- The staging database listens on port 5433."));
        assertThat(result.messages()).noneMatch(m -> m instanceof SystemMessage s && s.text().contains("5433"));
    }
}
