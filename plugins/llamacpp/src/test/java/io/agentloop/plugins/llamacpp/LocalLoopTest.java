package io.agentloop.plugins.llamacpp;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.CancellationSignal;
import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.hook.PreReasoningHook;
import io.agentloop.api.model.ChatModel;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.model.ModelStream;
import io.agentloop.api.model.ToolChoice;
import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;
import io.agentloop.core.Agent;
import io.agentloop.core.format.TextFormatter;
import io.agentloop.testkit.RecordingListener;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** The agent loop driving the real tiny model and a real tool, end to end, in process. */
class LocalLoopTest {

    /** Counts the characters of a text: a real computation on whatever the model passes. */
    static final class LetterCount implements Tool {
        final List<String> received = new CopyOnWriteArrayList<>();

        @Override
        public ToolSpec spec() {
            return ToolSpec.builder("letter_count").description("Counts the letters of a text.")
                    .stringParameter("text", "the text", true).build();
        }

        @Override
        public boolean readOnly() {
            return true;
        }

        @Override
        public ToolResult execute(ToolArguments arguments, ToolContext context) {
            String text = arguments.requireString("text");
            received.add(text);
            long letters = text.chars().filter(Character::isLetter).count();
            return new ToolResult.Success(Long.toString(letters), Map.of("letters", letters));
        }
    }

    /** A story model never decides to call a tool: the first turn must, the next must not. */
    private static final PreReasoningHook TOOL_FIRST = (request, context) -> request.withOptions(request.options()
            .withToolChoice(context.iteration() == 1 ? ToolChoice.REQUIRED : ToolChoice.NONE));

    @Test
    void throughTheTextFormatterTheResponseSchemaHoldsTheModelToACall() {
        LetterCount tool = new LetterCount();
        List<ChatRequest> sent = new CopyOnWriteArrayList<>();
        ChatModel tiny = TinyModel.chat("max-tokens", "80");
        ChatModel recording = new ChatModel() {
            @Override
            public String name() {
                return tiny.name();
            }

            @Override
            public ModelStream stream(ChatRequest request, CancellationSignal cancellation) {
                sent.add(request);
                return tiny.stream(request, cancellation);
            }
        };

        RunResult result = Agent.builder().model(recording).tools(tool).hooks(TOOL_FIRST)
                .formatter(new TextFormatter()).build().run("Count the letters of: Once upon a time");

        assertThat(result.state()).as("run error: %s", result.error()).isEqualTo(AgentState.COMPLETED);
        assertThat(result.iterations()).isEqualTo(2);
        assertThat(tool.received).hasSize(1);
        assertThat(result.toolCalls()).singleElement().satisfies(call -> {
            assertThat(call.call().name()).isEqualTo("letter_count");
            assertThat(call.result()).isInstanceOf(ToolResult.Success.class);
        });
        assertThat(sent).hasSize(2).allSatisfy(request -> assertThat(request.tools()).isEmpty());
        assertThat(sent.getFirst().options().responseSchema()).as("the call is required: a schema, so a grammar")
                .isPresent();
        assertThat(sent.get(1).options().responseSchema()).isEmpty();
        assertThat(sent.get(1).messages().getLast().toString()).contains("Result of letter_count:");
        assertThat(result.text()).isNotBlank();
    }

    @Test
    void theModelCallsTheToolReadsItsResultAndAnswers() {
        LetterCount tool = new LetterCount();
        RecordingListener listener = new RecordingListener();
        RunResult result = Agent.builder().model(TinyModel.chat("max-tokens", "80")).tools(tool).hooks(TOOL_FIRST)
                .listeners(listener).build().run("Count the letters of: Once upon a time");

        assertThat(result.state()).as("run error: %s", result.error()).isEqualTo(AgentState.COMPLETED);
        assertThat(result.reason()).contains(TerminalReason.ANSWERED);
        assertThat(result.iterations()).isEqualTo(2);
        assertThat(tool.received).hasSize(1);
        assertThat(result.toolCalls()).singleElement().satisfies(call -> {
            assertThat(call.call().name()).isEqualTo("letter_count");
            assertThat(call.result()).isInstanceOf(ToolResult.Success.class);
        });
        assertThat(result.text()).isNotBlank();
        // streamed text, then the call and its result, then the streamed answer
        List<String> sequence = listener.events().stream().map(e -> switch (e) {
            case AgentEvent.TextDelta t -> "text";
            case AgentEvent.ToolCallStarted t -> "call";
            case AgentEvent.ToolCallCompleted t -> "result";
            default -> "";
        }).filter(kind -> !kind.isEmpty()).distinct().toList();
        assertThat(sequence).containsExactly("text", "call", "result");
        int completed = listener.events().indexOf(listener.ofType(AgentEvent.ToolCallCompleted.class).getFirst());
        assertThat(listener.events().subList(completed, listener.events().size()))
                .anyMatch(AgentEvent.TextDelta.class::isInstance);
        assertThat(listener.text()).endsWith(result.text());
    }
}
