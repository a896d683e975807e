package io.agentloop.core.format;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.ContentBlock;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.ReasoningBlock;
import io.agentloop.api.message.StopReason;
import io.agentloop.api.message.SystemMessage;
import io.agentloop.api.message.TextBlock;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.message.Usage;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.model.ChatOptions;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.model.ToolChoice;
import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.tool.ToolSpec;
import io.agentloop.core.Agent;
import io.agentloop.testkit.FakeTool;
import io.agentloop.testkit.ScriptedChatModel;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The plain-text tool-call protocol: what a model without native tool calling is sent, and what is read back. */
class TextFormatterTest {
    private static final ToolSpec WEATHER = ToolSpec.builder("weather").description("Today's weather.")
            .stringParameter("city", "a city", true).build();
    private final TextFormatter formatter = new TextFormatter();

    @Test
    void toolsAreDescribedInTheSystemTextAndCallsAndResultsBecomeText() {
        ChatRequest request = ChatRequest.of(List.of(new SystemMessage("Be brief."), UserMessage.of("Weather in Oslo?"),
                new AssistantMessage(List.of(new TextBlock("Let me look."), ReasoningBlock.of("secret plan"),
                        ToolCall.of("c1", "weather", "{\"city\":\"Oslo\"}")), Usage.ZERO, StopReason.TOOL_CALLS),
                new ToolMessage(List.of(new ToolResultBlock("c1", "weather", "rain, 4 C", false)))), List.of(WEATHER));

        ChatRequest sent = formatter.format(request);

        assertThat(sent.tools()).isEmpty();
        assertThat(sent.options().responseSchema()).isEmpty();
        assertThat(sent.messages()).hasSize(4);
        String system = ((SystemMessage) sent.messages().get(0)).text();
        assertThat(system).startsWith("Be brief.\n\nYou can call these tools. To call one, write a JSON object on a "
                + "line of its own: {\"name\": \"<tool name>\", \"arguments\": {<arguments>}}.")
                .contains("\n- weather: Today's weather. Arguments (JSON Schema): {\"type\":\"object\"");
        assertThat(sent.messages().get(1)).isEqualTo(UserMessage.of("Weather in Oslo?"));
        assertThat(((AssistantMessage) sent.messages().get(2)).content())
                .containsExactly(new TextBlock("Let me look.\n{\"name\": \"weather\", \"arguments\": {\"city\":\"Oslo\"}}"));
        assertThat(sent.messages().get(3)).isEqualTo(UserMessage.of("Result of weather:\nrain, 4 C"));
    }

    @Test
    void aRequiredCallSetsTheResponseSchemaAndNoneDescribesNoTools() {
        ChatRequest request = new ChatRequest(List.of(UserMessage.of("Oslo?")), List.of(WEATHER),
                ChatOptions.DEFAULTS.withToolChoice(ToolChoice.REQUIRED));

        ChatRequest required = formatter.format(request);
        ChatRequest none = formatter.format(request.withOptions(ChatOptions.DEFAULTS.withToolChoice(ToolChoice.NONE)));

        assertThat(((SystemMessage) required.messages().getFirst()).text()).startsWith("Answer by calling one of these tools.");
        assertThat(required.options().responseSchema()).contains(Map.of("type", "object",
                "properties", Map.of("name", Map.of("const", "weather"), "arguments", WEATHER.parameters()),
                "required", List.of("name", "arguments"), "additionalProperties", false));
        assertThat(none.messages()).containsExactly(UserMessage.of("Oslo?"));
        assertThat(none.options().responseSchema()).isEmpty();
    }

    @Test
    void callsAreReadFromLinesThatStartWithACallObjectAndTheRestStaysText() {
        AssistantMessage answer = new AssistantMessage(List.of(ReasoningBlock.of("hm"), new TextBlock(
                "I'll check both.\n{\"name\": \"weather\", \"arguments\": {\"city\": \"Oslo\"}}\n"
                        + "  {\"name\": \"weather\",\n   \"arguments\": {\"city\": \"Bergen\"}}\n"
                        + "{\"note\": \"not a call\"}\n{broken")), Usage.of(10, 5), StopReason.END_TURN);

        AssistantMessage parsed = formatter.parse(answer);

        assertThat(parsed.stopReason()).isEqualTo(StopReason.TOOL_CALLS);
        assertThat(parsed.usage()).isEqualTo(Usage.of(10, 5));
        assertThat(parsed.text()).isEqualTo("I'll check both.\n{\"note\": \"not a call\"}\n{broken");
        assertThat(parsed.toolCalls()).extracting(ToolCall::name, ToolCall::arguments).containsExactly(
                org.assertj.core.groups.Tuple.tuple("weather", "{\"city\":\"Oslo\"}"),
                org.assertj.core.groups.Tuple.tuple("weather", "{\"city\":\"Bergen\"}"));
        assertThat(parsed.toolCalls()).extracting(ToolCall::id).doesNotHaveDuplicates().allMatch(id -> id.startsWith("call_"));
        assertThat(parsed.content()).first().isInstanceOf(ReasoningBlock.class);
        List<ContentBlock> rest = parsed.content().subList(1, parsed.content().size());
        assertThat(rest.getFirst()).as("the text comes before the calls").isInstanceOf(TextBlock.class);
    }

    @Test
    void anAnswerWithoutCallsKeepsItsTextAndStopReason() {
        AssistantMessage parsed = formatter.parse(new AssistantMessage(List.of(new TextBlock("It rains {a lot}.")),
                Usage.ZERO, StopReason.MAX_TOKENS));

        assertThat(parsed.text()).isEqualTo("It rains {a lot}.");
        assertThat(parsed.toolCalls()).isEmpty();
        assertThat(parsed.stopReason()).isEqualTo(StopReason.MAX_TOKENS);
    }

    @Test
    void aScriptedTextOnlyModelCallsAToolThroughTheLoop() {
        FakeTool weather = FakeTool.named("weather").stringParameter("city", true).readOnly()
                .returning(arguments -> "rain in " + arguments.requireString("city"));
        ScriptedChatModel model = ScriptedChatModel.script()
                .answer("Checking.\n{\"name\": \"weather\", ", "\"arguments\": {\"city\": \"Oslo\"}}")
                .answer("It rains in Oslo.").build();

        RunResult result = Agent.builder().model(model).tools(weather).formatter(formatter).build()
                .run("Weather in Oslo?");

        assertThat(result.state()).as("error: %s", result.error()).isEqualTo(AgentState.COMPLETED);
        assertThat(result.text()).isEqualTo("It rains in Oslo.");
        assertThat(weather.calls()).singleElement().satisfies(a -> assertThat(a.requireString("city")).isEqualTo("Oslo"));
        assertThat(model.requests()).allSatisfy(sent -> assertThat(sent.tools()).isEmpty());
        assertThat(((SystemMessage) model.requests().getFirst().messages().getFirst()).text())
                .contains("- weather: a fake tool for tests");
        List<Message> second = model.requests().get(1).messages();
        assertThat(second.getLast()).isEqualTo(UserMessage.of("Result of weather:\nrain in Oslo"));
        assertThat(result.messages()).anySatisfy(m -> assertThat(m).isInstanceOf(ToolMessage.class));
        AssistantMessage first = (AssistantMessage) result.messages().get(1);
        assertThat(first.text()).isEqualTo("Checking.");
        assertThat(first.toolCalls()).singleElement().extracting(ToolCall::name).isEqualTo("weather");
    }
}
