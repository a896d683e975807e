package io.agentloop.examples.streaming;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.model.ChatModel;
import io.agentloop.api.run.RunResult;
import io.agentloop.core.Agent;
import io.agentloop.core.RunHandle;
import io.agentloop.core.RunRequest;
import io.agentloop.providers.openai.OpenAiChatModel;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * A streaming endpoint on the JDK's own HTTP server: {@code GET /chat?q=...} answers as
 * Server-Sent Events, a {@code delta} event for each piece of the answer as the model writes it,
 * then one {@code done} event naming how the run ended. Try it with
 * {@code curl -N 'http://localhost:8080/chat?q=Why+is+the+sky+blue%3F'}.
 */
public final class StreamingEndpoint {

    public static void main(String[] args) throws IOException {
        int port = Integer.parseInt(setting("port", "PORT").orElse("8080"));
        HttpServer server = start(model(), port);
        System.out.println("Listening on http://localhost:" + server.getAddress().getPort() + "/chat?q=...");
    }

    /** Serves {@code /chat} on {@code port} (0: any free port) until the server is stopped. */
    public static HttpServer start(ChatModel model, int port) throws IOException {
        // Loopback only: whoever can reach the endpoint spends the provider's key.
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
        // One agent serves every request: each run has its own listener, so it hears only its own events.
        Agent agent = Agent.builder()
                .model(model)
                .systemPrompt("You are a helpful assistant. Answer briefly.")
                .build();
        // A request waits for its whole run: a virtual thread each lets many wait at little cost.
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/chat", exchange -> {
            try (exchange) {
                chat(agent, exchange);
            }
        });
        server.start();
        return server;
    }

    private static void chat(Agent agent, HttpExchange exchange) throws IOException {
        Optional<String> question = query(exchange, "q");
        if (question.isEmpty()) {
            byte[] body = "Ask with /chat?q=your+question\n".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(400, body.length);
            exchange.getResponseBody().write(body);
            return;
        }
        // A listener must not block the run, so it only queues; this thread writes to the client.
        BlockingQueue<AgentEvent> events = new LinkedBlockingQueue<>();
        RunHandle run = agent.start(RunRequest.of(question.get())
                .withStreaming(true)            // deltas as the model writes, whatever the model's setting
                .withListener(events::add));    // this run's events, from its start, and no other run's

        exchange.getResponseHeaders().set("Content-Type", "text/event-stream; charset=utf-8");
        exchange.getResponseHeaders().set("Cache-Control", "no-cache");
        exchange.sendResponseHeaders(200, 0);
        OutputStream out = exchange.getResponseBody();
        try {
            while (true) {
                AgentEvent event = events.take();
                if (event instanceof AgentEvent.TextDelta delta) {
                    send(out, "delta", delta.text());
                } else if (event instanceof AgentEvent.RunCompleted completed) {
                    send(out, "done", outcome(completed.result()));
                    return;
                }
            }
        } catch (IOException clientLeft) {
            run.cancel();   // nobody reads the answer any more: stop paying for it
        } catch (InterruptedException e) {
            run.cancel();
            Thread.currentThread().interrupt();
        }
    }

    /** How the run ended: ANSWERED, or the reason and error of a run that did not answer. */
    private static String outcome(RunResult result) {
        String reason = result.reason().map(Enum::name).orElse(result.state().name());
        return result.error().map(error -> reason + ": " + error.getMessage()).orElse(reason);
    }

    /** One event; a line break in the text becomes a new {@code data:} line, which clients join again. */
    private static void send(OutputStream out, String event, String text) throws IOException {
        StringBuilder frame = new StringBuilder("event: ").append(event).append('\n');
        for (String line : text.split("\r\n|\r|\n", -1)) {
            frame.append("data: ").append(line).append('\n');
        }
        out.write(frame.append('\n').toString().getBytes(StandardCharsets.UTF_8));
        out.flush();   // each event goes out now, not when a buffer fills
    }

    private static Optional<String> query(HttpExchange exchange, String name) {
        String query = exchange.getRequestURI().getRawQuery();
        return query == null ? Optional.empty() : Arrays.stream(query.split("&"))
                .filter(pair -> pair.startsWith(name + "="))
                .map(pair -> URLDecoder.decode(pair.substring(name.length() + 1), StandardCharsets.UTF_8))
                .filter(value -> !value.isBlank())
                .findFirst();
    }

    /**
     * Any server that speaks OpenAI Chat Completions (OpenAI, Ollama's /v1, vLLM, LM Studio...):
     * system properties first, then environment variables, then OpenAI's own service.
     */
    static ChatModel model() {
        OpenAiChatModel.Builder model = OpenAiChatModel.builder()
                .model(setting("openai.model", "OPENAI_MODEL").orElse("gpt-4.1-mini"));
        setting("openai.base-url", "OPENAI_BASE_URL").ifPresent(model::baseUrl);
        setting("openai.api-key", "OPENAI_API_KEY").ifPresent(model::apiKey);
        return model.build();
    }

    private static Optional<String> setting(String property, String variable) {
        return Optional.ofNullable(System.getProperty(property)).or(() -> Optional.ofNullable(System.getenv(variable)))
                .filter(value -> !value.isBlank());
    }
}
