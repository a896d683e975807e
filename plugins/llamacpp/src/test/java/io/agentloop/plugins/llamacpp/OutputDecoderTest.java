package io.agentloop.plugins.llamacpp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentloop.api.message.StopReason;
import io.agentloop.api.model.NonRetryableModelException;
import io.agentloop.api.model.RetryableModelException;
import io.agentloop.api.model.StreamEvent;
import io.agentloop.api.model.ToolChoice;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class OutputDecoderTest {
    private final List<StreamEvent> events = new ArrayList<>();

    @Test
    void withoutAGrammarEveryPieceIsAnswerText() {
        OutputDecoder decoder = new OutputDecoder(false, ToolChoice.AUTO, events::add);
        decoder.accept("{not");
        decoder.accept(" a call");

        assertThat(decoder.finish(false, false, "c1")).isEqualTo(StopReason.END_TURN);
        assertThat(events).containsExactly(new StreamEvent.TextDelta("{not"), new StreamEvent.TextDelta(" a call"));
    }

    @Test
    void underAutoLeadingSpaceWaitsAndTheFirstOtherCharacterDecidesText() {
        OutputDecoder decoder = new OutputDecoder(true, ToolChoice.AUTO, events::add);
        decoder.accept(" ");
        assertThat(events).isEmpty();
        decoder.accept("\n Once");
        decoder.accept(" upon");

        assertThat(decoder.finish(true, false, "c1")).isEqualTo(StopReason.MAX_TOKENS);
        assertThat(events).containsExactly(new StreamEvent.TextDelta("Once"), new StreamEvent.TextDelta(" upon"));
    }

    @Test
    void aLineOfTextBeforeTheCallStreamsAndTheCallIsCollected() {
        OutputDecoder decoder = new OutputDecoder(true, ToolChoice.REQUIRED, events::add);
        for (String piece : List.of("Let me", " count.\n", "{\"name\": \"word_count\", ", "\"arguments\": {}}")) {
            decoder.accept(piece);
        }

        assertThat(decoder.finish(false, false, "c1")).isEqualTo(StopReason.TOOL_CALLS);
        assertThat(events).containsExactly(new StreamEvent.TextDelta("Let me"), new StreamEvent.TextDelta(" count.\n"),
                new StreamEvent.ToolCallStart(0, "c1", "word_count"), new StreamEvent.ToolCallArgumentsDelta(0, "{}"));
    }

    @Test
    void underAutoALineThatStartsWithABraceButIsNoCallIsAnswerText() {
        OutputDecoder decoder = new OutputDecoder(true, ToolChoice.AUTO, events::add);
        decoder.accept("Sets look like\n");
        decoder.accept("{1, 2}");

        assertThat(decoder.finish(false, false, "c1")).isEqualTo(StopReason.END_TURN);
        assertThat(events).containsExactly(new StreamEvent.TextDelta("Sets look like\n"),
                new StreamEvent.TextDelta("{1, 2}"));
    }

    @Test
    void aCallIsReportedWholeWithCompactArgumentsWhenTheOutputEnds() {
        OutputDecoder decoder = new OutputDecoder(true, ToolChoice.AUTO, events::add);
        for (String piece : List.of(" {", "\"name\": \"word", "_count\", \"arguments\": {\"text\" :", " \"a b\"}}")) {
            decoder.accept(piece);
            assertThat(events).isEmpty();
        }

        assertThat(decoder.finish(false, false, "c1")).isEqualTo(StopReason.TOOL_CALLS);
        assertThat(events).containsExactly(new StreamEvent.ToolCallStart(0, "c1", "word_count"),
                new StreamEvent.ToolCallArgumentsDelta(0, "{\"text\":\"a b\"}"));
    }

    @Test
    void aCallCutOffAtTheTokenLimitIsNeverReportedAndSaysWhatToRaise() {
        OutputDecoder decoder = new OutputDecoder(true, ToolChoice.REQUIRED, events::add);
        decoder.accept("{\"name\": \"word_count\", \"arguments\": {\"text\": \"and then and then");

        assertThatThrownBy(() -> decoder.finish(true, false, "c1")).isInstanceOf(NonRetryableModelException.class)
                .hasMessageContaining("cut off").hasMessageContaining("max-tokens");
        assertThat(events).isEmpty();
    }

    @Test
    void aSampledCallCutOffMayBeTriedAgain() {
        OutputDecoder decoder = new OutputDecoder(true, ToolChoice.REQUIRED, events::add);
        decoder.accept("{\"name\": \"word_count\", \"arguments\": {\"text\": \"and then");

        assertThatThrownBy(() -> decoder.finish(true, true, "c1")).isInstanceOf(RetryableModelException.class);
    }

    @Test
    void requiredOutputThatIsNotACallIsAnError() {
        OutputDecoder decoder = new OutputDecoder(true, ToolChoice.REQUIRED, events::add);
        decoder.accept("[1, 2]");
        assertThat(events).containsExactly(new StreamEvent.TextDelta("[1, 2]"));

        assertThatThrownBy(() -> decoder.finish(false, false, "c1")).isInstanceOf(NonRetryableModelException.class)
                .hasMessageContaining("a tool call was required and the model's output is none");
    }
}
