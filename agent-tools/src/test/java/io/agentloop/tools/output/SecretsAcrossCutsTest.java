package io.agentloop.tools.output;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.tool.CommandSandbox;
import io.agentloop.api.tool.Tool;
import io.agentloop.core.Agent;
import io.agentloop.core.permission.PermissionMode;
import io.agentloop.core.permission.PermissionPolicy;
import io.agentloop.core.secret.SecretRedactor;
import io.agentloop.core.workspace.SandboxWorkspace;
import io.agentloop.testkit.ScriptedChatModel;
import io.agentloop.testkit.TargetTempDir;
import io.agentloop.tools.file.GrepTool;
import io.agentloop.tools.file.ReadTool;
import io.agentloop.tools.shell.BashTool;
import io.agentloop.tools.web.FetchSettings;
import io.agentloop.tools.web.FetchTool;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Tools shorten long output (bash keeps its start and end, read and grep cut long lines, fetch cuts
 * at its byte cap), and the model picks where the cut falls. A secret the cut splits must not reach
 * the model in part: the platform's mask has to see it whole before the cut.
 */
class SecretsAcrossCutsTest {
    /** A credential variable's value: masked wherever it appears whole. No character of it is a '.'. */
    static final String SECRET = "Zq8Wm3Kx7Rv2Np5Lt9Hc4Jb6Fd1Gs0Ya";

    @TempDir(factory = TargetTempDir.class)
    Path root;

    private String seenByTheModel(Tool tool, String name, String arguments) {
        SandboxWorkspace workspace = SandboxWorkspace.builder(root).environment(Map.of("PATH", System.getenv("PATH")))
                .build();
        ScriptedChatModel model = ScriptedChatModel.script().toolCalls(ToolCall.of("1", name, arguments))
                .answer("done").build();
        Agent.builder().model(model).tools(tool).workspace(workspace)
                .permissions(PermissionPolicy.defaults().withMode(PermissionMode.YES))
                .secretMask(SecretRedactor.forToolResults(Map.of("DEPLOY_TOKEN", SECRET))).build().run("Look");
        return ((ToolMessage) model.requests().get(1).messages().getLast()).results().get(0).content();
    }

    private static void assertNoPartOfTheSecret(String seen) {
        for (int i = 0; i + 4 <= SECRET.length(); i++) {
            assertThat(seen).as("what the model saw").doesNotContain(SECRET.substring(i, i + 4));
        }
    }

    private static String dots(int n) {
        return "head -c " + n + " /dev/zero | tr '\\0' .; ";
    }

    @ParameterizedTest(name = "{0} bytes, then the secret, then {1} bytes")
    @CsvSource({
            "14990, 100000",   // the secret crosses the end of the kept start
            "100000, 14990",   // the secret crosses the start of the kept end
            "14990, 30000",    // the same while all the output is still held
            "30000, 14990"})
    void bashOutputCutInTheMiddleShowsNoPartOfASecretAcrossTheCut(int before, int after) {
        SandboxWorkspace probe = SandboxWorkspace.of(root);
        assertThat(probe.sandbox().containment()).as("bubblewrap must be installed: apt-get install bubblewrap")
                .isEqualTo(CommandSandbox.Containment.CONTAINED);
        String command = dots(before) + "printf " + SECRET + "; " + dots(after);

        String seen = seenByTheModel(new BashTool(), "bash", "{\"command\":\"" + command.replace("\\", "\\\\") + "\"}");

        assertThat(seen).startsWith("exit code 0\n...").contains("bytes of output left out").endsWith("...");
        assertThat(seen.length()).as("both ends are still shown").isBetween(25_000, 30_200);
        assertNoPartOfTheSecret(seen);
    }

    @Test
    void secretsMaskedBeforeTheCutDoNotPullALaterSecretIntoView() {
        // Each whole secret masked shortens the text: the cut must not then move past the next one's start.
        String command = "for i in $(seq 400); do echo " + SECRET + "; done; " + dots(1790) + "printf " + SECRET
                + "; " + dots(100000);

        String seen = seenByTheModel(new BashTool(), "bash", "{\"command\":\"" + command.replace("\\", "\\\\")
                + "\"}");

        assertThat(seen).startsWith("exit code 0\n" + SecretRedactor.MASK + "\n").contains("bytes of output left out");
        assertNoPartOfTheSecret(seen);
    }

    @Test
    void aLongLineCutByReadOrGrepShowsNoPartOfASecretAcrossTheCut() throws Exception {
        Files.writeString(root.resolve("config.txt"), "token = " + ".".repeat(1985) + SECRET + ".".repeat(50) + "\n"
                + "key: " + ".".repeat(285) + SECRET + "\n");

        String read = seenByTheModel(new ReadTool(), "read", "{\"path\":\"config.txt\"}");
        String grep = seenByTheModel(new GrepTool(), "grep", "{\"pattern\":\"token|key\"}");

        assertThat(read).contains("[line cut at 2000 characters]");
        assertNoPartOfTheSecret(read);
        assertThat(grep).contains("config.txt:1: token = ...", "config.txt:2: key: ...");
        assertNoPartOfTheSecret(grep);
    }

    @Test
    void aKeyBlockSplitByTheReadWindowIsNotShownInPart() throws Exception {
        String body1 = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7";
        String body2 = "VGhpcyBpcyBub3QgYSByZWFsIGtleSBidXQgaXQgbG9va3MgbGlrZQ";
        Files.writeString(root.resolve("fixture.txt"), String.join("\n", "first", "second",
                "-----BEGIN PRIVATE KEY-----", body1, body2, "-----END PRIVATE KEY-----", "last") + "\n");

        String endCut = seenByTheModel(new ReadTool(), "read", "{\"path\":\"fixture.txt\",\"limit\":4}");
        String startCut = seenByTheModel(new ReadTool(), "read", "{\"path\":\"fixture.txt\",\"offset\":4}");
        String whole = seenByTheModel(new ReadTool(), "read", "{\"path\":\"fixture.txt\"}");

        assertThat(endCut).startsWith("     1\tfirst\n     2\tsecond\n").contains("continue with offset=3");
        assertThat(startCut).contains("     7\tlast");
        assertThat(whole).contains("     1\tfirst", "[REDACTED]", "     7\tlast");
        for (String seen : List.of(endCut, startCut, whole)) {
            assertThat(seen).doesNotContain(body1.substring(10, 20), body2.substring(10, 20));
        }
    }

    @Test
    void grepShowsNoLineFromTheMiddleOfAPrivateKeyNorMatchesOne() throws Exception {
        String body1 = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7";
        String body2 = "VGhpcyBpcyBub3QgYSByZWFsIGtleSBidXQgaXQgbG9va3MgbGlrZQ";
        Files.writeString(root.resolve("deploy.txt"), String.join("\n", "-----BEGIN RSA PRIVATE KEY-----", body1, body2,
                "-----END RSA PRIVATE KEY-----") + "\n");
        Files.writeString(root.resolve("notes.txt"), "the key starts with MIIE\n");

        String middle = seenByTheModel(new GrepTool(), "grep", "{\"pattern\":\"MIIE|VGhp\"}");

        assertThat(middle).contains("notes.txt:1: the key starts with MIIE").doesNotContain("deploy.txt")
                .doesNotContain(body1.substring(10, 20), body2.substring(10, 20));
    }

    @Test
    void aReadWindowFarIntoALongKeyBlockShowsItsLinesMasked() throws Exception {
        List<String> lines = new java.util.ArrayList<>(List.of("-----BEGIN OPENSSH PRIVATE KEY-----"));
        for (int i = 0; i < 400; i++) {
            lines.add(String.format("b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAABlwAAAAdzc2gtcn%04d", i));
        }
        lines.add("-----END OPENSSH PRIVATE KEY-----");
        Files.writeString(root.resolve("long-key.txt"), String.join("\n", lines) + "\n");

        String window = seenByTheModel(new ReadTool(), "read",
                "{\"path\":\"long-key.txt\",\"offset\":300,\"limit\":3}");

        assertThat(window).doesNotContain("b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ");
        assertThat(window).as("the window's lines, each masked").contains("   300\t[REDACTED]", "   302\t[REDACTED]");
    }

    @Test
    void aPageCutAtTheFetchCapShowsNoPartOfASecretAcrossTheCut() throws Exception {
        try (MockWebServer server = new MockWebServer()) {
            server.start(InetAddress.getLoopbackAddress(), 0);
            server.enqueue(new MockResponse.Builder().setHeader("Content-Type", "text/plain")
                    .body(".".repeat(990) + SECRET + ".".repeat(5000)).build());
            FetchTool fetch = new FetchTool(new FetchSettings(List.of("localhost", "127.0.0.1"), true, 1000,
                    Duration.ofSeconds(30)));

            String seen = seenByTheModel(fetch, "fetch", "{\"url\":\"" + server.url("/page") + "\"}");

            assertThat(seen).startsWith("HTTP 200").contains("cut at 1000 bytes");
            assertNoPartOfTheSecret(seen);
        }
    }
}
