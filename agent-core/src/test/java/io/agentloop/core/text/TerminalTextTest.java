package io.agentloop.core.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class TerminalTextTest {
    @Test
    void escapeSequencesAndOtherControlsAreShownNotObeyedWhileLineFeedsAndTabsStay() {
        String hostile = "clear\u001b[2Jtitle\u001b]0;owned\u0007bell\u0007back\bdel\u007fcsi\u009b2Jrtl\u202eend\r\n"
                + "\tnext line";

        String shown = TerminalText.printable(hostile);

        assertThat(shown).isEqualTo("clear^[[2Jtitle^[]0;owned\\x07bell\\x07back\\x08del\\x7fcsi\\x9b2Jrtl\\u202eend\n"
                + "\tnext line");
        assertThat(shown.chars().filter(c -> c < 0x20 && c != '\n' && c != '\t' || c >= 0x7f && c < 0xa0)).isEmpty();
    }

    @Test
    void plainTextIsReturnedAsItIs() {
        String plain = "Grüße, 世界 — tabs\tand\nlines";
        assertThat(TerminalText.printable(plain)).isSameAs(plain);
    }

    @Test
    void aStreamShowsControlsEvenWhenTheWritesCutTheirCharacters() throws IOException {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        OutputStream out = TerminalText.stream(sink);
        byte[] text = "error: \u001b[2J\u009b31m ok é 世\u202e\n".getBytes(StandardCharsets.UTF_8);

        for (byte b : text) {
            out.write(new byte[] {b}, 0, 1); // one byte at a time: every multi-byte character is cut
        }
        out.flush();

        assertThat(sink.toString(StandardCharsets.UTF_8)).isEqualTo("error: ^[[2J\\x9b31m ok é 世\\u202e\n");
    }
}
