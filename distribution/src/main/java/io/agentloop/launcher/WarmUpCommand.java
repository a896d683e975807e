package io.agentloop.launcher;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code agentloop warm-up} (hidden): what real start-ups do, offline, so that the class-data
 * archive {@code bin/agentloop} trains in the background holds the classes they load. It runs the
 * launcher's own {@code run} command three times in a scratch installation of its own (deleted
 * afterwards): a plugin to load, a YAML configuration, a session folder, and an OpenAI-compatible
 * endpoint on loopback that this command starts and stops. Nothing of the user's is read or
 * written: the nested runs see no environment but what is set here. Prints nothing; exits 0 when
 * every run answered.
 */
final class WarmUpCommand extends LauncherCommand {
    private static final String ANSWER = "data: {\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\","
            + "\"content\":\"ready\"},\"finish_reason\":null}]}\n\n"
            + "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\n"
            + "data: {\"choices\":[],\"usage\":{\"prompt_tokens\":1,\"completion_tokens\":1}}\n\n"
            + "data: [DONE]\n\n";

    @Override
    CommandSpec spec() {
        CommandSpec spec = describe("warm-up", "Exercises runs offline, to train the start-up archive.");
        spec.usageMessage().hidden(true);
        return spec;
    }

    @Override
    public Integer call() throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/v1/chat/completions", exchange -> {
            try (InputStream in = exchange.getRequestBody()) {
                in.transferTo(OutputStream.nullOutputStream());
            }
            byte[] body = ANSWER.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        // TMPDIR first, as command-line programs do (and as a test points it at a folder of its own).
        String tmpdir = parent.env.apply("TMPDIR");
        Path scratch = tmpdir != null && !tmpdir.isBlank()
                ? Files.createTempDirectory(Path.of(tmpdir), "agentloop-warm-up")
                : Files.createTempDirectory("agentloop-warm-up");
        try {
            Path config = scratch.resolve("conf").resolve("agentloop.yaml");
            Files.createDirectories(config.getParent());
            Files.writeString(config, """
                    providers:
                      openai:
                        base-url: http://127.0.0.1:%d/v1
                        api-key: warm-up
                    sessions:
                      folder: %s
                    """.formatted(server.getAddress().getPort(), scratch.resolve("sessions")));
            writePlugin(scratch.resolve("plugins"));
            Map<String, String> environment = Map.of("AGENTLOOP_CONFIG", config.toString());
            List<String[]> runs = List.of(
                    new String[] {"run", "--provider", "openai", "--model", "warm-up", "Say ready"},
                    new String[] {"run", "--json", "--continue", "--provider", "openai", "--model", "warm-up", "Again"},
                    new String[] {"run", "--example"});
            boolean answered = true;
            for (String[] run : runs) {
                PrintWriter quiet = new PrintWriter(Writer.nullWriter());
                answered &= Launcher.run(run, scratch, environment::get, InputStream.nullInputStream(), quiet, quiet)
                        == Launcher.ANSWERED;
            }
            return answered ? Launcher.ANSWERED : Launcher.NO_ANSWER;
        } finally {
            server.stop(0);
            delete(scratch);
        }
    }

    /** A plugin with a descriptor, a version requirement and an (empty) service file, and no code. */
    private static void writePlugin(Path folder) throws IOException {
        Files.createDirectories(folder);
        Manifest manifest = new Manifest();
        Attributes attributes = manifest.getMainAttributes();
        attributes.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        attributes.put(new Attributes.Name("Plugin-Id"), "warm-up");
        attributes.put(new Attributes.Name("Plugin-Version"), "1.0.0");
        attributes.put(new Attributes.Name("Plugin-Requires"), ">=" + Launcher.platformVersion());
        try (JarOutputStream jar = new JarOutputStream(Files.newOutputStream(folder.resolve("warm-up.jar")), manifest)) {
            jar.putNextEntry(new JarEntry("META-INF/services/io.agentloop.api.hook.Hook"));
            jar.write("# no hooks\n".getBytes(StandardCharsets.UTF_8));
            jar.closeEntry();
        }
    }

    private static void delete(Path folder) throws IOException {
        try (Stream<Path> paths = Files.walk(folder)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> {
                try {
                    Files.deleteIfExists(path);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
