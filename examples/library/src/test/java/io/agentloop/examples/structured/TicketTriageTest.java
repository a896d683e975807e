package io.agentloop.examples.structured;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.examples.FakeOpenAi;
import io.agentloop.examples.Stdout;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class TicketTriageTest {

    @Test
    void theEmailBecomesATicketRecord() throws Exception {
        try (FakeOpenAi model = new FakeOpenAi()) {
            // The JSON arrives in pieces, as a model streams it.
            model.answer("{\"customer\":\"Maria Rossi\",\"priority\":\"URGENT\",",
                    "\"summary\":\"Order A-1002 is late and is needed by Saturday.\",",
                    "\"orders\":[\"A-1002\"],\"replyBy\":\"Saturday\"}");

            String printed = Stdout.of(() -> TicketTriage.main(new String[0]));

            assertThat(printed.lines()).containsExactly("Ticket[customer=Maria Rossi, priority=URGENT, "
                    + "summary=Order A-1002 is late and is needed by Saturday., orders=[A-1002], "
                    + "replyBy=Optional[Saturday]]");
            // The model was held to the record's schema.
            JsonNode schema = model.requests().get(0).path("response_format").path("json_schema").path("schema");
            assertThat(schema.path("properties").propertyNames())
                    .containsExactlyInAnyOrder("customer", "priority", "summary", "orders", "replyBy");
            assertThat(schema.path("properties").path("priority").path("enum").valueStream().map(JsonNode::asString))
                    .containsExactly("LOW", "NORMAL", "URGENT");
        }
    }
}
