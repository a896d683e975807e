package io.agentloop.server.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentloop.server.backend.RequestException;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class BodyTest {
    private static final Set<String> FIELDS = Set.of("task", "mode", "output_schema");

    @Test
    void aBodyUpToTheLimitIsReadWhole() {
        assertThat(Body.read(stream("12345"), 5)).hasSize(5);
        assertThat(Body.read(stream(""), 5)).isEmpty();
    }

    @Test
    void aBodyOverTheLimitIs413WithoutReadingTheRest() {
        AtomicLong read = new AtomicLong();
        InputStream endless = new InputStream() {
            @Override
            public int read() {
                read.incrementAndGet();
                return 'x';
            }
        };

        assertThatThrownBy(() -> Body.read(endless, 100)).isInstanceOfSatisfying(RequestException.class, e -> {
            assertThat(e.status()).isEqualTo(413);
            assertThat(e.getMessage()).contains("100 bytes");
        });
        assertThat(read.get()).isEqualTo(101);
    }

    @Test
    void anEmptyBodyIsAnEmptyObject() {
        Body body = Body.of(new byte[0], FIELDS);

        assertThat(body.node().isObject()).isTrue();
        assertThat(body.optionalText("task")).isEmpty();
    }

    @Test
    void malformedJsonSaysWhere() {
        assertThat(refused("{\"task\": \"a\"\n \"mode\": \"ask\"}")).contains("not well-formed JSON").contains("line 2");
        assertThat(refused("{\"task\": ")).contains("not well-formed JSON");
        assertThat(refused("{\"task\": \"a\"} trailing")).contains("not well-formed JSON");
    }

    @Test
    void onlyAnObjectIsABody() {
        assertThat(refused("[1, 2]")).contains("must be a JSON object, not array");
        assertThat(refused("42")).contains("not number");
        assertThat(refused("null")).contains("must be a JSON object");
    }

    @Test
    void anUnknownFieldIsNamedWithTheFieldsThereAre() {
        assertThat(refused("{\"task\": \"a\", \"sandbox\": \"off\"}")).contains("'sandbox'")
                .contains("mode, output_schema, task");
    }

    @Test
    void aFieldGivenTwiceIsRefused() {
        assertThat(refused("{\"task\": \"a\", \"task\": \"b\"}")).contains("task");
    }

    @Test
    void fieldsAreReadByType() {
        Body body = Body.of(bytes("{\"task\": \"go\", \"mode\": \"edit\", \"output_schema\": {\"type\": \"object\"}}"),
                FIELDS);

        assertThat(body.text("task")).isEqualTo("go");
        assertThat(body.choice("mode", List.of("ask", "edit"))).contains("edit");
        assertThat(body.object("output_schema")).hasValueSatisfying(node -> assertThat(node.has("type")).isTrue());

        Body wrong = Body.of(bytes("{\"task\": 1, \"mode\": \"root\", \"output_schema\": []}"), FIELDS);
        assertThat(status(() -> wrong.text("task"))).isEqualTo(400);
        assertThat(status(() -> wrong.optionalText("task"))).isEqualTo(400);
        assertThat(status(() -> wrong.choice("mode", List.of("ask", "edit")))).isEqualTo(400);
        assertThat(status(() -> wrong.object("output_schema"))).isEqualTo(400);
    }

    @Test
    void aRequiredTextThatIsMissingNullOrBlankIsRefused() {
        for (String json : List.of("{}", "{\"task\": null}", "{\"task\": \"  \"}")) {
            Body body = Body.of(bytes(json), FIELDS);
            assertThatThrownBy(() -> body.text("task")).as(json).hasMessageContaining("'task' is missing");
        }
    }

    private static String refused(String json) {
        try {
            Body.of(bytes(json), FIELDS);
        } catch (RequestException e) {
            assertThat(e.status()).isEqualTo(400);
            return e.getMessage();
        }
        throw new AssertionError("taken: " + json);
    }

    private static int status(Runnable read) {
        try {
            read.run();
        } catch (RequestException e) {
            return e.status();
        }
        return 200;
    }

    private static InputStream stream(String text) {
        return new ByteArrayInputStream(bytes(text));
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
