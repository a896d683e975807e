package io.agentloop.providers.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;

class EventParserTest {
    private final EventParser events = new EventParser();
    private final List<JsonParser> parsers = new ArrayList<>();

    private String read(String data) {
        List<String> properties = new ArrayList<>();
        events.read(data.getBytes(StandardCharsets.UTF_8), parser -> {
            parsers.add(parser);
            JsonRead.document(parser, (name, value) -> properties.add(name + "=" + JsonRead.text(value)));
        });
        return String.join(",", properties);
    }

    @Test
    void oneParserReadsEveryEventsValueInTurn() {
        assertThat(read("{\"a\":1,\"b\":{\"c\":[1,2]}}")).isEqualTo("a=1,b={\"c\":[1,2]}");
        assertThat(read(" {\"a\":\"é\"}\n")).isEqualTo("a=\"é\"");
        assertThat(read("{}")).isEmpty();

        assertThat(parsers).hasSize(3).allSatisfy(parser -> assertThat(parser).isSameAs(parsers.get(0)));
        events.close();
        assertThat(parsers.get(0).isClosed()).as("closed with the response").isTrue();
    }

    @Test
    void anEventWithoutAnObjectHasNoPropertiesAndTheNextEventIsStillRead() {
        assertThat(read("   ")).isEmpty();
        assertThat(read("")).isEmpty();
        assertThat(read("null")).isEmpty();
        assertThat(read("[1,2]")).isEmpty();

        assertThat(read("{\"ok\":true}")).isEqualTo("ok=true");
    }

    @Test
    void aSecondValueInOneEventIsThatEventsErrorNotTheNextEvent() {
        assertThatThrownBy(() -> read("{\"a\":1}{\"b\":2}")).isInstanceOf(JacksonException.class)
                .hasMessageContaining("the event holds more than one JSON value");
        assertThatThrownBy(() -> read("{\"a\":1} x")).isInstanceOf(JacksonException.class)
                .hasMessageContaining("the event holds more than one JSON value");

        assertThat(read("{\"c\":3}")).as("the next event, read by a new parser").isEqualTo("c=3");
    }

    @Test
    void aCutValueIsAnErrorAndTheNextEventStartsAfresh() {
        assertThatThrownBy(() -> read("{\"a\":")).isInstanceOf(JacksonException.class);

        assertThat(read("{\"b\":2}")).isEqualTo("b=2");
    }

    @Test
    void aReaderThatFailsMidValueLeavesNothingForTheNextEvent() {
        assertThatThrownBy(() -> events.read("{\"a\":{\"deep\":[1,2,3]},\"b\":1}".getBytes(StandardCharsets.UTF_8),
                parser -> {
                    parser.nextToken();
                    parser.nextToken();
                    throw new IllegalStateException("the decoder gave up");
                })).isInstanceOf(IllegalStateException.class);

        assertThat(read("{\"b\":2}")).isEqualTo("b=2");
    }
}
