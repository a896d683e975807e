package io.agentloop.plugins.llamacpp;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.CancellationSignal;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.run.RunResult;
import io.agentloop.core.Agent;
import io.agentloop.core.output.OutputSchema;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The real tiny model, sampled at random, asked for a structured answer: the grammar made from the
 * schema makes every answer parse and match, the first time.
 */
class StructuredAnswerTest {
    enum Mood { HAPPY, SAD, SLEEPY }

    record Pet(String name, int legs, Mood mood, List<String> toys) {
    }

    @Test
    void everyAnswerParsesAndMatchesTwentyTimesOutOfTwenty() {
        Agent agent = Agent.builder().model(TinyModel.chat("temperature", "0.9", "max-tokens", "512")).build();
        OutputSchema schema = OutputSchema.of(Pet.class);
        Set<String> different = new HashSet<>();

        for (int i = 0; i < 20; i++) {
            RunResult result = agent.run(List.of(UserMessage.of("Once upon a time there was a pet.")),
                    CancellationSignal.never(), Optional.of(schema));

            assertThat(result.success()).as("run %d: %s", i, result.error()).isTrue();
            assertThat(result.iterations()).as("no answer had to be sent back: %s", result.messages()).isEqualTo(1);
            Pet pet = OutputSchema.convert(result.output().orElseThrow(), Pet.class);
            assertThat(pet.mood()).isNotNull();
            different.add(result.text());
        }
        assertThat(different).as("sampled: not one answer twenty times").hasSizeGreaterThan(1);
    }
}
