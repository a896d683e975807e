package io.agentloop.launcher;

import io.agentloop.api.run.RunResult;
import io.agentloop.core.Agent;
import java.io.PrintStream;

/**
 * The {@code bin/agentloop} entry point. Until model providers and the full command line exist, it
 * runs one offline example through the real agent loop: a small rule-based model that asks for a
 * tool, the tool runs, and the model answers with its result.
 */
public final class Launcher {
    static final String DEFAULT_TASK = "How many words are in \"the quick brown fox jumps over the lazy dog\"?";

    private Launcher() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out));
    }

    static int run(String[] args, PrintStream out) {
        String task = args.length == 0 ? DEFAULT_TASK : String.join(" ", args);
        out.println("Agentloop " + version() + ": example run, offline.");
        out.println("No model provider is configured yet, so a small rule-based example model drives the real agent");
        out.println("loop: it asks the word_count tool, then answers with the tool's result.");
        out.println();
        out.println("> " + task);
        ConsoleRenderer renderer = new ConsoleRenderer(out);
        Agent agent = Agent.builder()
                .model(new ExampleModel())
                .systemPrompt("Count words with the word_count tool.")
                .tools(new WordCountTool())
                .listeners(renderer)
                .build();
        RunResult result = agent.run(task);
        renderer.summary(result);
        return result.success() ? 0 : 1;
    }

    private static String version() {
        String version = Launcher.class.getPackage().getImplementationVersion();
        return version == null ? "(development build)" : version;
    }
}
