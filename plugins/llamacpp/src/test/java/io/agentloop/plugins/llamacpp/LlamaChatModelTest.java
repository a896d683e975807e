package io.agentloop.plugins.llamacpp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.agentloop.api.CancellationSignal;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.StopReason;
import io.agentloop.api.message.SystemMessage;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.model.ChatOptions;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.model.ContextLengthExceededException;
import io.agentloop.api.model.ModelException;
import io.agentloop.api.model.ModelStream;
import io.agentloop.api.model.StreamEvent;
import io.agentloop.api.model.ToolChoice;
import io.agentloop.api.tool.ToolSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The provider over the real tiny model: no mocks, no server. */
class LlamaChatModelTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final ToolSpec PET = ToolSpec.builder("adopt_pet")
            .description("Adopts a pet.")
            .stringParameter("name", "the pet's name", true)
            .parameter("kind", Map.of("type", "string", "enum", List.of("cat", "dog", "bird")), true)
            .integerParameter("age", "age in years", false)
            .booleanParameter("vaccinated", "whether it had its shots", false)
            .build();

    @Test
    void textStreamsTokenByToken() {
        List<StreamEvent> events = drain(TinyModel.chat("max-tokens", "60"), request("Once upon a time", List.of(),
                ChatOptions.DEFAULTS));

        List<String> pieces = events.stream().filter(StreamEvent.TextDelta.class::isInstance)
                .map(e -> ((StreamEvent.TextDelta) e).text()).toList();
        assertThat(pieces).hasSizeGreaterThan(10);
        // one delta per token: a 512-token vocabulary has no piece longer than a short word
        assertThat(pieces).allSatisfy(piece -> assertThat(piece.length()).isLessThanOrEqualTo(12));
        assertThat(String.join("", pieces).strip()).isNotEmpty();
        StreamEvent.UsageReport usage = only(events, StreamEvent.UsageReport.class);
        assertThat(usage.usage().inputTokens()).isPositive();
        assertThat(usage.usage().outputTokens()).isEqualTo(pieces.size());
        assertThat(events.getLast()).isIn(new StreamEvent.Finish(StopReason.MAX_TOKENS),
                new StreamEvent.Finish(StopReason.END_TURN));
    }

    @Test
    void withToolChoiceRequiredTheCallParsesAndItsArgumentsValidateEveryTime() {
        Schema schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                .getSchema(JSON.valueToTree(PET.parameters()));
        String[] openings = {"Once upon a time", "Lily had a cat", "The dog ran", "Tim saw a bird", "One day",
            "The sun was hot", "Sam liked to play", "A big red ball", "Mom said no", "The park was fun",
            "Ben was sad", "There was a tree", "The fish swam", "Sue found a box", "It was night",
            "The cat was hungry", "A little girl", "They went home", "The car was fast", "He had a toy"};
        for (int run = 0; run < 20; run++) {
            // temperature 0 (as the model's notes advise): the 20 runs differ by their prompts
            List<StreamEvent> events = drain(TinyModel.chat(), request(openings[run], List.of(PET),
                    ChatOptions.DEFAULTS.withToolChoice(ToolChoice.REQUIRED)));

            StreamEvent.ToolCallStart start = only(events, StreamEvent.ToolCallStart.class);
            assertThat(start.name()).isEqualTo("adopt_pet");
            assertThat(start.id()).isNotBlank();
            JsonNode arguments = JSON.readTree(only(events, StreamEvent.ToolCallArgumentsDelta.class).fragment());
            assertThat(schema.validate(arguments)).as("run %d: %s", run, arguments).isEmpty();
            assertThat(events.getLast()).isEqualTo(new StreamEvent.Finish(StopReason.TOOL_CALLS));
        }
    }

    @Test
    void withToolChoiceNoneThereIsNoCall() {
        List<StreamEvent> events = drain(TinyModel.chat("max-tokens", "40"), request("Once upon a time",
                List.of(PET), ChatOptions.DEFAULTS.withToolChoice(ToolChoice.NONE)));

        assertThat(events).noneMatch(e -> e instanceof StreamEvent.ToolCallStart
                || e instanceof StreamEvent.ToolCallArgumentsDelta);
        assertThat(events).anyMatch(StreamEvent.TextDelta.class::isInstance);
        assertThat(events.getLast()).isNotEqualTo(new StreamEvent.Finish(StopReason.TOOL_CALLS));
    }

    @Test
    void withToolChoiceAutoTheOutputIsEitherAValidCallOrAnAnswer() {
        Schema schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                .getSchema(JSON.valueToTree(PET.parameters()));
        for (String opening : List.of("The dog ran", "Lily had a cat", "One day", "Tim saw a bird", "It was night")) {
            List<StreamEvent> events = drain(TinyModel.chat("max-tokens", "120"),
                    request(opening, List.of(PET), ChatOptions.DEFAULTS));

            List<StreamEvent.ToolCallArgumentsDelta> calls = events.stream()
                    .filter(StreamEvent.ToolCallArgumentsDelta.class::isInstance)
                    .map(StreamEvent.ToolCallArgumentsDelta.class::cast).toList();
            assertThat(calls).hasSizeLessThanOrEqualTo(1);
            if (calls.isEmpty()) {
                String text = events.stream().filter(StreamEvent.TextDelta.class::isInstance)
                        .map(e -> ((StreamEvent.TextDelta) e).text()).reduce("", String::concat);
                assertThat(text).isNotBlank().doesNotStartWith("{");
            } else {
                assertThat(schema.validate(JSON.readTree(calls.getFirst().fragment()))).isEmpty();
                assertThat(events.getLast()).isEqualTo(new StreamEvent.Finish(StopReason.TOOL_CALLS));
            }
        }
    }

    @Test
    void cancellingMidGenerationStopsTheModelAndWakesTheReader() {
        LlamaChatModel model = TinyModel.chat("max-tokens", "1000");
        int uncancelled = drain(model, request("Once upon a time", List.of(), ChatOptions.DEFAULTS)).stream()
                .filter(StreamEvent.TextDelta.class::isInstance).mapToInt(e -> 1).sum();
        assertThat(uncancelled).as("the uncut story is long enough to cut").isGreaterThan(150);

        long before = model.local().generatedTokens();
        ModelStream stream = model.stream(request("Once upon a time", List.of(), ChatOptions.DEFAULTS),
                CancellationSignal.never());
        for (int i = 0; i < 3; i++) {
            assertThat(stream.next()).isInstanceOf(StreamEvent.TextDelta.class);
        }
        stream.close();
        assertThatThrownBy(stream::next).isInstanceOf(ModelException.class).hasMessageContaining("cancelled");

        // the model's thread runs one generation at a time: this one starts once the cancelled one stopped
        List<StreamEvent> after = drain(model, request("The cat", List.of(), ChatOptions.DEFAULTS.withMaxTokens(5)));
        long afterTokens = only(after, StreamEvent.UsageReport.class).usage().outputTokens();
        long cancelledTokens = model.local().generatedTokens() - before - afterTokens;
        assertThat(cancelledTokens).as("tokens generated by the cancelled call").isLessThan(40);
    }

    @Test
    void aReaderBlockedInNextIsWokenByTheRunsCancellation() throws Exception {
        io.agentloop.api.Cancellation cancellation = new io.agentloop.api.Cancellation();
        LlamaChatModel model = TinyModel.chat("max-tokens", "1000");
        ModelStream stream = model.stream(request("Once upon a time", List.of(), ChatOptions.DEFAULTS), cancellation);
        assertThat(stream.next()).isInstanceOf(StreamEvent.TextDelta.class);

        cancellation.cancel("user pressed Ctrl-C");

        assertThatThrownBy(() -> {
            while (true) {
                stream.next();
            }
        }).isInstanceOf(ModelException.class).hasMessageContaining("cancelled");
    }

    @Test
    void aPromptLongerThanTheContextIsAContextLengthError() {
        String longText = "The little cat sat on the mat and looked at the sun. ".repeat(300);
        ModelStream stream = TinyModel.chat().stream(request(longText, List.of(), ChatOptions.DEFAULTS),
                CancellationSignal.never());

        assertThatThrownBy(stream::next).isInstanceOf(ContextLengthExceededException.class)
                .hasMessageContaining("2048").hasMessageContaining("context-size");
    }

    static ChatRequest request(String user, List<ToolSpec> tools, ChatOptions options) {
        List<Message> messages = List.of(new SystemMessage("You tell stories."), UserMessage.of(user));
        return new ChatRequest(messages, tools, options);
    }

    static List<StreamEvent> drain(LlamaChatModel model, ChatRequest request) {
        List<StreamEvent> events = new ArrayList<>();
        try (ModelStream stream = model.stream(request, CancellationSignal.never())) {
            StreamEvent event;
            do {
                event = stream.next();
                events.add(event);
            } while (!(event instanceof StreamEvent.Finish));
        }
        return events;
    }

    private static <T extends StreamEvent> T only(List<StreamEvent> events, Class<T> type) {
        List<T> matching = events.stream().filter(type::isInstance).map(type::cast).toList();
        assertThat(matching).as("events of type %s in %s", type.getSimpleName(), events).hasSize(1);
        return matching.getFirst();
    }
}
