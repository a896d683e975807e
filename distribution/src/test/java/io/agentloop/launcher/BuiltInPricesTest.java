package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run} prices a known model's tokens from the built-in table; a configured price wins. */
class BuiltInPricesTest {
    @TempDir
    Path home;

    private InProcessLauncher launcher;

    @BeforeEach
    void setUp() throws IOException {
        // a dated snapshot of a model the table knows: gpt-4 at 30 in and 60 out per million tokens
        launcher = InProcessLauncher.start(home, "gpt-4-0613");
    }

    @AfterEach
    void tearDown() {
        launcher.close();
    }

    @Test
    void aKnownModelsRunShowsItsCostWithNoPriceConfigured() throws Exception {
        launcher.server().enqueue(FakeOpenAi.answer("Hi."));

        assertThat(launcher.run("run", "hello")).as(launcher.err()).isZero();
        // 70 input tokens x 30 + 5 output x 60, per million
        assertThat(launcher.out()).contains("tokens in 70, out 5, cost 0.0024");
    }

    @Test
    void aConfiguredPriceWinsOverTheBuiltInOne() throws Exception {
        launcher.userConfig("pricing:\n  - openai/gpt-4-0613 input=1000 output=2000\n");
        launcher.server().enqueue(FakeOpenAi.answer("Hi."));

        assertThat(launcher.run("run", "hello")).as(launcher.err()).isZero();
        assertThat(launcher.out()).contains("tokens in 70, out 5, cost 0.0800");
    }
}
