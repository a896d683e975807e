package io.agentloop.tools.shell;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.core.secret.SecretRedactor;
import io.agentloop.testkit.TestToolContext;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What of a command's output is shown while it runs, read by read: whole lines, masked as the result is. */
class LiveLinesTest {
    static final String SECRET = "Zq8Wm3Kx7Rv2Np5Lt9Hc4Jb6Fd1Gs0Ya";
    static final String MASK = SecretRedactor.MASK;

    final TestToolContext context = new TestToolContext()
            .redacting(SecretRedactor.forToolResults(Map.of("DEPLOY_TOKEN", SECRET)));
    final LiveLines live = new LiveLines(context);

    private void read(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        live.accept(bytes, bytes.length);
    }

    @Test
    void aLineSplitAcrossReadsIsShownOnceWholeAndTheLastLineAtTheEnd() {
        read("hal");
        read("f\nne");
        read("xt\r50%\r100%\rno line break");
        live.finish();

        assertThat(context.outputPieces()).containsExactly("half\n", "next\r50%\r100%\r", "no line break");
    }

    @Test
    void aSecretSplitAcrossReadsIsMaskedWhole() {
        read("token " + SECRET.substring(0, 10));
        read(SECRET.substring(10) + "\n");

        assertThat(context.outputPieces()).containsExactly("token " + MASK + "\n");
    }

    @Test
    void eachLineOfAKeyBlockIsMaskedWhenItArrivesWithoutTheBlocksEnds() {
        read("-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7\n");
        read("VGhpcyBpcyBub3QgYSByZWFsIGtleSBidXQgaXQgbG9va3MgbGlrZQ\n");
        read("Tm8gcGFydCBvZiB0aGlzIGxpbmUgbWF5IGJlIHNob3duIGVpdGhlcg\n-----END PRIVATE KEY-----\nafter\n");

        assertThat(context.outputPieces()).containsExactly("-----BEGIN PRIVATE KEY-----\n" + MASK + "\n", MASK + "\n",
                MASK + "\n-----END PRIVATE KEY-----\nafter\n");
    }

    @Test
    void aLineTooLongToHoldIsShownInPartWithNoPartOfASecretAcrossTheCut() {
        String start = ".".repeat(LiveLines.LONGEST - 10) + SECRET;
        read(start);
        read(".".repeat(200_000));
        read("...\nnext\n");

        assertThat(context.outputPieces()).hasSize(2);
        String cut = context.outputPieces().get(0);
        assertThat(cut).startsWith(".".repeat(100)).endsWith(" [... the rest of this long line is not shown here]\n");
        assertThat(cut.length()).isLessThan(LiveLines.LONGEST + 100);
        for (int i = 0; i + 4 <= SECRET.length(); i++) {
            assertThat(cut).doesNotContain(SECRET.substring(i, i + 4));
        }
        assertThat(context.outputPieces().get(1)).isEqualTo("next\n");
    }

    @Test
    void outputBeyondWhatIsShownWhileTheCommandRunsIsLeftToTheResult() {
        String line = "x".repeat(99) + "\n";
        for (long shown = 0; shown < LiveLines.MOST + 1000; shown += line.length()) {
            read(line);
        }
        read("after the limit\n");
        live.finish();

        long total = context.outputPieces().stream().mapToLong(String::length).sum();
        assertThat(context.outputPieces().getLast()).isEqualTo(LiveLines.ENOUGH);
        assertThat(total).isBetween(LiveLines.MOST, LiveLines.MOST + line.length() + LiveLines.ENOUGH.length());
        assertThat(context.outputPieces()).doesNotContain("after the limit\n");
    }
}
