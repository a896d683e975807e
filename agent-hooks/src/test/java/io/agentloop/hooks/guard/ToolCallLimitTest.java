package io.agentloop.hooks.guard;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.message.ToolCall;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.ToolCallRecord;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.core.Agent;
import io.agentloop.testkit.FakeTool;
import io.agentloop.testkit.ScriptedChatModel;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ToolCallLimitTest {

    @Test
    void callsPastTheLimitDoNotRunAndTellTheModelToAnswer() {
        FakeTool search = FakeTool.named("search").readOnly().returning("found");
        FakeTool fetch = FakeTool.named("fetch").stringParameter("url", true).readOnly().returning("page");
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(ToolCall.of("c1", "search", "{}"), ToolCall.of("c2", "search", "{}"),
                        ToolCall.of("c3", "fetch", "{\"url\":\"a\"}"))
                .toolCalls(ToolCall.of("c4", "fetch", "{\"url\":\"b\"}"), ToolCall.of("c5", "fetch", "{\"url\":\"c\"}"))
                .answer("Here is what I found.").build();

        RunResult result = Agent.builder().model(model).tools(search, fetch)
                .hooks(new ToolCallLimit(4, Map.of("search", 1))).build().run("research");

        assertThat(search.calls()).hasSize(1);
        assertThat(fetch.calls()).hasSize(2);
        assertThat(result.toolCalls()).extracting(ToolCallRecord::result)
                .filteredOn(r -> r instanceof ToolResult.Failure f && f.code().equals(ToolCallLimit.LIMIT_REACHED))
                .extracting(ToolResult::content)
                .anySatisfy(c -> assertThat(c).contains("limit of 1 calls of 'search'"))
                .anySatisfy(c -> assertThat(c).contains("limit of 4 tool calls"));
        assertThat(result.text()).isEqualTo("Here is what I found.");
    }
}
