package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A model whose context window nobody knows: the run says once which window compaction assumes. */
class UnknownContextWindowTest {
    @TempDir
    Path home;

    private InProcessLauncher launcher;

    @BeforeEach
    void setUp() throws IOException {
        // a dated snapshot of a model the table knows
        launcher = InProcessLauncher.start(home, "gpt-4-0613");
    }

    @AfterEach
    void tearDown() {
        launcher.close();
    }

    @Test
    void anUnknownModelsRunNamesTheWindowAssumedAndAConfiguredWindowSilencesIt() throws Exception {
        launcher.env().put("AGENTLOOP_MODEL", "in-house-7b");
        launcher.server().enqueue(FakeOpenAi.answer("Hi."));

        assertThat(launcher.run("run", "hello")).as(launcher.err()).isZero();
        assertThat(launcher.err()).containsOnlyOnce("the context window of openai/in-house-7b is not known: "
                + "compaction assumes 128000 tokens and starts at 102400; set its window with "
                + "compaction.context-windows: [\"openai/in-house-7b <tokens>\"]");

        launcher.forget();
        launcher.userConfig("compaction:\n  context-windows:\n    - openai/in-house-7b 32768\n");
        launcher.server().enqueue(FakeOpenAi.answer("Hi."));
        assertThat(launcher.run("run", "hello")).as(launcher.err()).isZero();
        assertThat(launcher.err()).doesNotContain("context window");
    }

    @Test
    void aKnownModelsRunSaysNothingAboutItsWindow() throws Exception {
        launcher.server().enqueue(FakeOpenAi.answer("Hi."));

        assertThat(launcher.run("run", "hello")).as(launcher.err()).isZero();
        assertThat(launcher.err()).doesNotContain("context window");
    }

    @Test
    void aWindowLineThatIsNotOneIsAConfigurationError() throws Exception {
        launcher.userConfig("compaction:\n  context-windows:\n    - in-house-7b lots\n");

        assertThat(launcher.run("run", "hello")).isEqualTo(Launcher.CONFIGURATION);
        assertThat(launcher.err()).contains("compaction.context-windows: cannot read 'in-house-7b lots': write it "
                + "as 'provider/model tokens'");
    }
}
