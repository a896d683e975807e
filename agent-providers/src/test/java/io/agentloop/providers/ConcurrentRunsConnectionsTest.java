package io.agentloop.providers;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.model.ModelConfig;
import io.agentloop.api.run.RunResult;
import io.agentloop.core.Agent;
import io.agentloop.providers.openai.OpenAiChatProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Many runs at once on one shared agent, with the provider's default settings: the connections
 * the first wave opened are kept and reused by the next, instead of being closed and opened again.
 */
class ConcurrentRunsConnectionsTest {
    private static final int RUNS = 500;
    private static final String ANSWER = """
            data: {"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"role":"assistant","content":"ok"},"finish_reason":null}]}

            data: {"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}

            data: [DONE]

            """;

    @Test
    void fiveHundredConcurrentRunsOpenAtMostFiveHundredConnections() throws Exception {
        try (HeldResponseServer server = new HeldResponseServer("text/event-stream", ANSWER)) {
            Agent agent = Agent.builder().model(new OpenAiChatProvider().create(new ModelConfig("gpt-4o",
                    Map.of("base-url", server.baseUrl("/v1"))))).build();
            wave(agent, server);
            assertThat(server.acceptedConnections()).isEqualTo(RUNS);
            wave(agent, server);

            assertThat(server.acceptedConnections()).as("connections opened by two waves of %d runs", RUNS)
                    .isLessThanOrEqualTo(RUNS);
        }
    }

    /** {@value RUNS} runs, every answer held until all of them are in flight, then all let go. */
    private static void wave(Agent agent, HeldResponseServer server) throws Exception {
        HeldResponseServer.Round round = server.nextRound(RUNS);
        List<Future<RunResult>> runs = new ArrayList<>();
        try (ExecutorService callers = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < RUNS; i++) {
                runs.add(callers.submit(() -> agent.run("hi")));
            }
            assertThat(round.arrived().await(2, TimeUnit.MINUTES)).as("all runs reached the server").isTrue();
            round.release().countDown();
        }
        for (Future<RunResult> run : runs) {
            assertThat(run.get().text()).isEqualTo("ok");
        }
    }
}
