package io.agentloop.examples.spring;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The example as it runs: the application on a free port, its model a loopback OpenAI-compatible
 * fake that asks for the order tool and then answers; asked over HTTP as a client would.
 */
class SupportApplicationTest {
    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void answersAQuestionThroughTheOrderToolAndReportsHealthAndMetrics() throws IOException, InterruptedException {
        try (MockWebServer model = new MockWebServer()) {
            model.start(0);
            model.enqueue(FakeOpenAi.toolCall("call_1", "order_status", "{\"id\":\"42\"}"));
            model.enqueue(FakeOpenAi.answer("Order 42 shipped on Monday."));
            try (ConfigurableApplicationContext app = SpringApplication.run(SupportApplication.class,
                    "--server.port=0", "--agentloop.providers.openai.base-url=" + model.url("/v1"),
                    "--agentloop.providers.openai.api-key=sk-test-key-123456")) {
                String base = "http://127.0.0.1:" + ((WebServerApplicationContext) app).getWebServer().getPort();

                HttpResponse<String> answer = http.send(HttpRequest.newBuilder(URI.create(base + "/ask"))
                        .header("Content-Type", "application/json").timeout(Duration.ofMinutes(2))
                        .POST(HttpRequest.BodyPublishers.ofString("{\"question\":\"Where is order 42?\"}")).build(),
                        HttpResponse.BodyHandlers.ofString());

                assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
                assertThat(answer.body()).isEqualTo("{\"answer\":\"Order 42 shipped on Monday.\","
                        + "\"toolsCalled\":[\"order_status\"]}");
                model.takeRequest();
                assertThat(model.takeRequest().getBody().utf8()).contains("order 42: shipped on Monday");
                assertThat(get(base + "/actuator/health/agentloop")).contains("\"status\":\"UP\"", "\"order_status\"");
                assertThat(get(base + "/actuator/metrics/agentloop.runs?tag=outcome:answered"))
                        .contains("{\"statistic\":\"COUNT\",\"value\":1.0}");
            }
        }
    }

    private String get(String url) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofMinutes(1))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(url + ": " + response.body()).isEqualTo(200);
        return response.body();
    }
}
