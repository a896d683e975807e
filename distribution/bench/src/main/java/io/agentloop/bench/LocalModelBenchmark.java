package io.agentloop.bench;

import io.agentloop.api.CancellationSignal;
import io.agentloop.api.message.SystemMessage;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.model.ChatModel;
import io.agentloop.api.model.ChatOptions;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.model.ModelConfig;
import io.agentloop.api.model.ModelStream;
import io.agentloop.api.model.StreamEvent;
import io.agentloop.api.model.ToolChoice;
import io.agentloop.api.tool.ToolSpec;
import io.agentloop.plugins.llamacpp.LlamaCppProvider;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The llamacpp provider on this machine: model load time (native library and model, first use in a
 * fresh JVM), generation speed for plain text and for grammar-constrained tool calls (output tokens
 * over wall time of whole calls, prompt processing included), and the process's resident memory.
 * Run with {@code ./dev bench-local [model.gguf] [rounds]}; the default model is the tiny one the
 * distribution ships for its offline demo ({@code distribution/src/models}). The settings are the provider's defaults (threads: 1 on 2 cores).
 */
public final class LocalModelBenchmark {
    private static final ToolSpec TOOL = ToolSpec.builder("word_count").description("Counts words.")
            .stringParameter("text", "the text", true).build();

    private LocalModelBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        String model = args.length > 0 ? args[0] : Path.of("distribution", "src", "models", "stories260K.gguf").toString();
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        long rssBefore = residentKb("VmRSS");

        long start = System.nanoTime();
        ChatModel chat = new LlamaCppProvider().create(new ModelConfig(model, Map.of("temperature", "0",
                "max-tokens", "256")));
        double loadMs = (System.nanoTime() - start) / 1e6;
        long rssLoaded = residentKb("VmRSS");
        System.out.printf(Locale.ROOT, "load: %.0f ms (first provider.create in this JVM: native library + model)%n",
                loadMs);

        ChatOptions text = ChatOptions.DEFAULTS;
        ChatOptions call = ChatOptions.DEFAULTS.withToolChoice(ToolChoice.REQUIRED);
        measure(chat, "warm-up", text, 3);
        System.out.println(measure(chat, "text", text, rounds));
        System.out.println(measure(chat, "tool call (grammar)", call, rounds));
        System.out.printf(Locale.ROOT, "memory: resident %d MB before load, %d MB after load, peak %d MB%n",
                rssBefore / 1024, rssLoaded / 1024, residentKb("VmHWM") / 1024);
        System.exit(0); // llama.cpp keeps a native thread alive
    }

    private static String measure(ChatModel chat, String label, ChatOptions options, int rounds) {
        List<Double> rates = new ArrayList<>();
        long tokens = 0;
        for (int i = 0; i < rounds; i++) {
            ChatRequest request = new ChatRequest(List.of(new SystemMessage("You tell stories."),
                    UserMessage.of("Story number " + i + ": once upon a time")), List.of(TOOL), options);
            long start = System.nanoTime();
            long output = 0;
            try (ModelStream stream = chat.stream(request, CancellationSignal.never())) {
                StreamEvent event;
                do {
                    event = stream.next();
                    if (event instanceof StreamEvent.UsageReport usage) {
                        output = usage.usage().outputTokens();
                    }
                } while (!(event instanceof StreamEvent.Finish));
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            rates.add(output / seconds);
            tokens += output;
        }
        Collections.sort(rates);
        return String.format(Locale.ROOT, "%s: median %.0f tokens/s (min %.0f, max %.0f) over %d calls, %d tokens",
                label, rates.get(rates.size() / 2), rates.getFirst(), rates.getLast(), rounds, tokens);
    }

    private static long residentKb(String field) throws IOException {
        Path status = Path.of("/proc/self/status");
        if (!Files.exists(status)) {
            return -1;
        }
        return Files.readAllLines(status).stream().filter(line -> line.startsWith(field + ":"))
                .map(line -> line.replaceAll("\\D", "")).mapToLong(Long::parseLong).findFirst().orElse(-1);
    }
}
