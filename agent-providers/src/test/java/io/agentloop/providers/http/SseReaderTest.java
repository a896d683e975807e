package io.agentloop.providers.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import okio.Buffer;
import org.junit.jupiter.api.Test;

/** The event-stream rules of the HTML standard, one by one. */
class SseReaderTest {

    private static List<SseEvent> read(String body) throws IOException {
        SseReader reader = new SseReader(new Buffer().writeUtf8(body), 1 << 20);
        List<SseEvent> events = new ArrayList<>();
        SseEvent event;
        while ((event = reader.next()) != null) {
            events.add(event);
        }
        return events;
    }

    @Test
    void commentsAreSkippedAndEventNamesKept() throws IOException {
        assertThat(read(": keep-alive\n\nevent: ping\ndata: {}\n\ndata: x\n\n"))
                .containsExactly(new SseEvent("ping", "{}"), new SseEvent("message", "x"));
    }

    @Test
    void theApisEventNamesAreNotMadeAgainForEveryEventAndOtherNamesStillRead() throws IOException {
        List<SseEvent> events = read("event: content_block_delta\ndata: 1\n\nevent: custom.thing\ndata: 2\n\n"
                + "event: content_block_delta\ndata: 3\n\n");

        assertThat(events).extracting(SseEvent::event)
                .containsExactly("content_block_delta", "custom.thing", "content_block_delta");
        assertThat(events.get(2).event()).isSameAs(events.get(0).event());
    }

    @Test
    void dataLinesJoinWithNewlines() throws IOException {
        assertThat(read("data: first\ndata: second\ndata:third\n\n"))
                .containsExactly(new SseEvent("message", "first\nsecond\nthird"));
    }

    @Test
    void crlfAndLoneCrEndLinesToo() throws IOException {
        assertThat(read("data: a\r\n\r\ndata: b\r\rdata: c\n\n"))
                .containsExactly(new SseEvent("message", "a"), new SseEvent("message", "b"),
                        new SseEvent("message", "c"));
    }

    @Test
    void onlyOneLeadingSpaceIsDropped() throws IOException {
        assertThat(read("data:  two spaces\n\n")).containsExactly(new SseEvent("message", " two spaces"));
    }

    @Test
    void anEventTheStreamEndsInIsDropped() throws IOException {
        assertThat(read("data: whole\n\ndata: half")).containsExactly(new SseEvent("message", "whole"));
    }

    @Test
    void blankEventsAreNotDispatched() throws IOException {
        assertThat(read("\n\n\nevent: lonely\n\ndata: [DONE]\n\n")).containsExactly(new SseEvent("message", "[DONE]"));
    }

    @Test
    void aLineOrAnEventUpToTheLimitIsRead() throws IOException {
        SseReader reader = new SseReader(new Buffer().writeUtf8("data: " + "x".repeat(94) + "\r\n\r\n"
                + "data: " + "y".repeat(40) + "\ndata: " + "z".repeat(40) + "\n\n"), 100);

        assertThat(reader.next()).isEqualTo(new SseEvent("message", "x".repeat(94)));
        assertThat(reader.next()).isEqualTo(new SseEvent("message", "y".repeat(40) + "\n" + "z".repeat(40)));
        assertThat(reader.next()).isNull();
    }

    @Test
    void aLinePastTheLimitFailsWithoutReadingTheRest() {
        Buffer body = new Buffer().writeUtf8("data: " + "x".repeat(10_000) + "\n\n");
        SseReader reader = new SseReader(body, 100);

        assertThatThrownBy(reader::next).isInstanceOf(ResponseTooLargeException.class)
                .hasMessage("a line of the streamed response is larger than 100 bytes (setting max-event-size)");
        assertThat(body.size()).as("the line was left unread").isGreaterThan(9_000);
    }

    @Test
    void anEventOfShortLinesPastTheLimitFails() {
        SseReader reader = new SseReader(new Buffer().writeUtf8(("data: " + "x".repeat(30) + "\n").repeat(5)
                + "\n"), 100);

        assertThatThrownBy(reader::next).isInstanceOf(ResponseTooLargeException.class)
                .hasMessage("an event of the streamed response is larger than 100 bytes (setting max-event-size)");
    }
}
