package io.agentloop.api.setting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A declared setting says which keys it is, whether a value fits, and how it is listed. */
class SettingTest {
    @Test
    void aValueThatDoesNotFitSaysWhatWasExpected() {
        assertThat(Setting.wholeNumber("max-calls", "calls per run").mismatch("many")).hasValue("a whole number");
        assertThat(Setting.number("temperature", "sampling").mismatch("0.2")).isEmpty();
        assertThat(Setting.bool("stream", "stream").mismatch("yes")).hasValue("true or false");
        assertThat(Setting.oneOf("level", "what is written", List.of("calls", "everything")).mismatch("All"))
                .hasValue("one of calls, everything");
    }

    @Test
    void aNameEndingInDotStarMatchesEveryKeyBelowIt() {
        Setting header = Setting.text("header.*", "an extra header");

        assertThat(header.matches("header.X-Title")).isTrue();
        assertThat(header.matches("headers")).isFalse();
        assertThat(Setting.text("file", "where").matches("file")).isTrue();
    }

    @Test
    void itIsListedWithItsTypeDefaultAndHelp() {
        assertThat(Setting.text("file", "where the lines go").withDefault("audit.jsonl"))
                .hasToString("file (a single value, default audit.jsonl): where the lines go");
        assertThatThrownBy(() -> Setting.text("file", " ")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("one line of help");
    }
}
