package io.agentloop.examples.tools;

import static io.agentloop.examples.FakeOpenAi.lastMessage;
import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.examples.FakeOpenAi;
import io.agentloop.examples.Stdout;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class OrderAssistantTest {

    @Test
    void looksTheOrderUpThenAnswers() throws Exception {
        try (FakeOpenAi model = new FakeOpenAi()) {
            model.toolCall("order", "{\"id\":\"A-1002\"}")
                    .answer("Your order A-1002 ", "is on its way with UPS and arrives on 2026-11-28.");

            String printed = Stdout.of(() -> OrderAssistant.main(new String[] {"Where", "is", "A-1002?"}));

            assertThat(printed.lines()).containsExactly("-> order {\"id\":\"A-1002\"}",
                    "Your order A-1002 is on its way with UPS and arrives on 2026-11-28.");
            List<JsonNode> requests = model.requests();
            assertThat(requests).hasSize(2);
            assertThat(requests.get(0).path("tools").findValuesAsString("name"))
                    .containsExactly("order", "orders_with_status");
            assertThat(lastMessage(requests.get(0)).path("content").asString()).isEqualTo("Where is A-1002?");
            // The method's record went back to the model as JSON.
            assertThat(lastMessage(requests.get(1)).path("role").asString()).isEqualTo("tool");
            assertThat(lastMessage(requests.get(1)).path("content").asString())
                    .contains("\"status\":\"SHIPPED\"", "\"carrier\":\"UPS\"", "\"expectedDelivery\":\"2026-11-28\"");
        }
    }

    @Test
    void anOrderThatDoesNotExistIsAnErrorTheModelReads() throws Exception {
        try (FakeOpenAi model = new FakeOpenAi()) {
            model.toolCall("order", "{\"id\":\"B-7\"}").answer("I cannot find order B-7; could you check the id?");

            String printed = Stdout.of(() -> OrderAssistant.main(new String[] {"Where is B-7?"}));

            assertThat(printed.lines()).last().isEqualTo("I cannot find order B-7; could you check the id?");
            assertThat(lastMessage(model.requests().get(1)).path("content").asString())
                    .contains("there is no order B-7; order ids look like A-1001");
        }
    }
}
