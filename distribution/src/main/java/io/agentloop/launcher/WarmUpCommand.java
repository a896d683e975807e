package io.agentloop.launcher;

import com.sun.net.httpserver.HttpServer;
import io.agentloop.api.model.ChatModel;
import io.agentloop.api.model.ModelConfig;
import io.agentloop.api.run.RunResult;
import io.agentloop.core.Agent;
import io.agentloop.providers.openai.OpenAiChatProvider;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Command;

/**
 * {@code agentloop warm-up} (hidden): the work a real run does, offline, so that the class-data
 * archive {@code bin/agentloop} trains in the background holds what a real start-up loads: the
 * example run (agent, tools, loop, output), then one call through the OpenAI-compatible provider
 * (HTTP client, request encoding, stream decoding) against an endpoint on loopback that this
 * command starts and stops itself. Prints nothing; exits 0 when both runs answered.
 */
@Command(name = "warm-up", hidden = true, description = "Exercises a run offline, to train the start-up archive.")
final class WarmUpCommand extends LauncherCommand {
    private static final String ANSWER = "data: {\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\","
            + "\"content\":\"ready\"},\"finish_reason\":null}]}\n\n"
            + "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\n"
            + "data: {\"choices\":[],\"usage\":{\"prompt_tokens\":1,\"completion_tokens\":1}}\n\n"
            + "data: [DONE]\n\n";

    @Override
    public Integer call() throws IOException {
        LauncherConfig config = config();
        try (Platform platform = platform(config)) {
            ConsoleRenderer quiet = new ConsoleRenderer(new java.io.PrintWriter(java.io.Writer.nullWriter()),
                    java.util.function.UnaryOperator.identity());
            RunResult example = AgentSetup.of(platform, config, AgentSetup.Source.EXAMPLE, quiet, Optional.empty()).agent().run(ExampleModel.DEFAULT_TASK);
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
            try {
                ChatModel model = new OpenAiChatProvider().create(new ModelConfig("warm-up", Map.of(
                        "base-url", "http://127.0.0.1:" + server.getAddress().getPort() + "/v1", "api-key", "none")));
                RunResult call = Agent.builder().model(model).tools(platform.extensions().tools().all())
                        .extensions(platform.extensions()).listeners(quiet).build().run("Say ready");
                return example.success() && call.success() ? Launcher.ANSWERED : Launcher.NO_ANSWER;
            } finally {
                server.stop(0);
            }
        }
    }
}
