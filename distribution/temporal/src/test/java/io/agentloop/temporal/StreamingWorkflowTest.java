package io.agentloop.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.CancellationSignal;
import io.agentloop.api.message.StopReason;
import io.agentloop.api.model.ChatModel;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.model.ModelStream;
import io.agentloop.api.model.StreamEvent;
import io.agentloop.api.run.RunResult;
import io.agentloop.core.Agent;
import io.agentloop.core.run.RunJournal;
import io.temporal.testing.TestWorkflowEnvironment;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A model's text reaches whoever follows a durable run while the model still streams, not once its step is done. */
class StreamingWorkflowTest {
    TestWorkflowEnvironment env;

    @BeforeEach
    void start() {
        env = TestWorkflowEnvironment.newInstance();
    }

    @AfterEach
    void stop() {
        env.close();
    }

    /** Streams "Hel", then holds its stream open until {@code seen} (or the deadline), then "lo" and the end. */
    private static ChatModel holding(CountDownLatch seen, AtomicBoolean heldUntilSeen) {
        return new ChatModel() {
            @Override
            public String name() {
                return "holding";
            }

            @Override
            public ModelStream stream(ChatRequest request, CancellationSignal cancellation) {
                return new ModelStream() {
                    private int next;

                    @Override
                    public StreamEvent next() {
                        return switch (next++) {
                            case 0 -> new StreamEvent.TextDelta("Hel");
                            case 1 -> {
                                try {
                                    heldUntilSeen.set(seen.await(Await.LIMIT.toMinutes(), TimeUnit.MINUTES));
                                } catch (InterruptedException e) {
                                    Thread.currentThread().interrupt();
                                }
                                yield new StreamEvent.TextDelta("lo");
                            }
                            case 2 -> new StreamEvent.UsageReport(Rounds.USAGE);
                            default -> new StreamEvent.Finish(StopReason.END_TURN);
                        };
                    }

                    @Override
                    public void close() {
                        // nothing held
                    }
                };
            }
        };
    }

    @Test
    void theFirstTextDeltaReachesTheFollowerBeforeTheModelsStreamEnds() throws Exception {
        CountDownLatch seen = new CountDownLatch(1);
        AtomicBoolean heldUntilSeen = new AtomicBoolean();
        AgentWorker.register(env.getWorkerFactory(), DurableRunTest.QUEUE, DurableRunTest.only(Agent.builder()
                .name("streaming").model(holding(seen, heldUntilSeen)).build()), DurableRunTest.OPTIONS);
        env.start();
        DurableRuns.DurableRun run = new DurableRuns(env.getWorkflowClient(), DurableRunTest.QUEUE).start("streams",
                "default", List.of(), "Say hello", Optional.empty());
        List<String> deltas = new CopyOnWriteArrayList<>();

        RunResult result = run.follow(line -> {
            tools.jackson.databind.JsonNode event = Wire.read(line);
            if (event.path("type").asString().equals("text_delta")) {
                deltas.add(event.path("text").asString());
                seen.countDown();
            }
        }, RunJournal.NONE, Duration.ofMillis(50));

        assertThat(heldUntilSeen).as("the follower saw the first text while the model's stream was held open").isTrue();
        assertThat(deltas.getFirst()).isEqualTo("Hel");
        assertThat(String.join("", deltas)).isEqualTo("Hello");
        assertThat(result.text()).isEqualTo("Hello");
        assertThat(run.events(0)).as("each event once").filteredOn(line -> line.contains("\"run_completed\""))
                .hasSize(1);
    }
}
