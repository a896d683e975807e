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

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static String text(JsonParser parser) {
        List<String> read = new ArrayList<>();
        JsonRead.document(parser, (name, value) -> read.add(name + "=" + JsonRead.text(value)));
        return String.join(",", read);
    }

    @Test
    void oneParserReadsEveryEventsValueInTurn() {
        try (EventParser events = new EventParser()) {
            JsonParser first = events.next(utf8("{\"a\":1,\"b\":{\"c\":[1,2]}}"));
            assertThat(text(first)).isEqualTo("a=1,b={\"c\":[1,2]}");

            JsonParser second = events.next(utf8(" {\"a\":\"é\"}\n"));
            assertThat(second).as("the same parser").isSameAs(first);
            assertThat(text(second)).isEqualTo("a=\"é\"");
            assertThat(text(events.next(utf8("{}")))).isEmpty();
        }
    }

    @Test
    void anEventWithoutAValueFailsAndTheNextEventIsStillRead() {
        try (EventParser events = new EventParser()) {
            assertThatThrownBy(() -> text(events.next(utf8("   ")))).isInstanceOf(JacksonException.class)
                    .hasMessageContaining("expected a JSON object, found nothing");

            assertThat(text(events.next(utf8("{\"ok\":true}")))).isEqualTo("ok=true");
        }
    }

    @Test
    void aCutValueIsAnErrorNotAWaitForTheNextEvent() {
        try (EventParser events = new EventParser()) {
            assertThatThrownBy(() -> text(events.next(utf8("{\"a\":")))).isInstanceOf(JacksonException.class);
        }
    }
}
