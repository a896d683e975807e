package io.agentloop.launcher;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import mockwebserver3.MockWebServer;

/**
 * The launcher run in the test's JVM, as the launcher's own tests run it: an installation folder of
 * the test's ({@code plugins/}, {@code conf/}), the OpenAI-compatible fake on loopback as its
 * provider, the user's configuration and sessions in that folder, and what it prints kept for the
 * test to read. Each run adds to what earlier runs printed; {@link #forget} starts afresh.
 */
final class InProcessLauncher implements AutoCloseable {
    private final Path installation;
    private final MockWebServer server = new MockWebServer();
    private final Map<String, String> env = new HashMap<>();
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private InProcessLauncher(Path installation) {
        this.installation = installation;
    }

    /**
     * An installation in {@code installation} whose provider is the fake, asked for {@code model};
     * the user's configuration is {@code {}} until the test writes it.
     */
    static InProcessLauncher start(Path installation, String model) throws IOException {
        InProcessLauncher launcher = new InProcessLauncher(installation);
        launcher.server.start(0);
        Files.createDirectories(installation.resolve("plugins"));
        Files.createDirectories(installation.resolve("conf"));
        launcher.env.put("AGENTLOOP_CONFIG", installation.resolve("user.yaml").toString());
        launcher.env.put("AGENTLOOP_SESSIONS", installation.resolve("sessions").toString());
        launcher.env.put("AGENTLOOP_PROVIDER", "openai");
        launcher.env.put("AGENTLOOP_MODEL", model);
        launcher.providerSettings("");
        launcher.userConfig("{}\n");
        return launcher;
    }

    /** The installation's provider section for the fake, with {@code more} lines of its own (indented four). */
    void providerSettings(String more) throws IOException {
        Files.writeString(installation.resolve("conf/agentloop.yaml"), "providers:\n  openai:\n    base-url: "
                + server.url("/v1") + "\n    api-key: sk-test-key-123456\n" + more);
    }

    /** Writes the user's configuration file. */
    void userConfig(String yaml) throws IOException {
        Files.writeString(installation.resolve("user.yaml"), yaml);
    }

    MockWebServer server() {
        return server;
    }

    /** The environment the launcher reads; a test may change it before a run. */
    Map<String, String> env() {
        return env;
    }

    Path installation() {
        return installation;
    }

    /** Runs {@code agentloop args...} to its end; its exit code. */
    int run(String... args) {
        return Launcher.run(args, installation, env::get, new PrintWriter(out), new PrintWriter(err));
    }

    /** Runs {@code agentloop args...} to its end with {@code typed} as its input (a command that reads lines); its exit code. */
    int runTyping(String typed, String... args) {
        return Launcher.run(args, installation, env::get, new ByteArrayInputStream(typed.getBytes(
                StandardCharsets.UTF_8)), new PrintWriter(out), new PrintWriter(err));
    }

    String out() {
        return out.toString();
    }

    String err() {
        return err.toString();
    }

    /** Forgets what the runs so far printed. */
    void forget() {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
    }

    @Override
    public void close() {
        server.close();
    }
}
