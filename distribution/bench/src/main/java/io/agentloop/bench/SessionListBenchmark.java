package io.agentloop.bench;

import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.StopReason;
import io.agentloop.api.message.TextBlock;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.message.Usage;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.session.SessionInfo;
import io.agentloop.api.session.SessionWriter;
import io.agentloop.core.session.FileSessionStore;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * Listing saved sessions at scale: {@code N} sessions of about 43 KB each (the size real runs leave:
 * tool calls with file contents), then the file store's {@code list()} without its index (what
 * every list cost before the index: each session read whole), with it, after one session changed,
 * and {@code latest()} (what {@code run --continue} asks), and {@code runs()} (what {@code agentloop stats}
 * reads) building its index and from it. With an installation's folder as second
 * argument, also {@code bin/agentloop sessions} and {@code run --continue} as processes, against the
 * same folder and an empty one.
 *
 * <p>Run with {@code ./dev bench-sessions [count] [installation]}; prints medians in milliseconds.
 */
public final class SessionListBenchmark {
    private SessionListBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
        Path installation = args.length > 1 ? Path.of(args[1]).toAbsolutePath() : null;
        Path root = Files.createTempDirectory(Path.of(System.getProperty("java.io.tmpdir")), "agentloop-sessions-bench-");
        try {
            Path folder = root.resolve("sessions");
            long bytes = fill(folder, count);
            System.out.printf(Locale.ROOT, "%d sessions, %.0f MB in %s%n", count, bytes / 1e6, folder);
            FileSessionStore store = new FileSessionStore(folder);

            double cold = millis(store::list);
            List<Double> warm = repeat(20, store::list);
            List<Double> latest = repeat(20, store::latest);
            double runsCold = millis(store::runs);
            List<Double> runsWarm = repeat(20, store::runs);
            SessionInfo oldest = store.list().getLast();
            try (SessionWriter writer = store.open(oldest.id())) {
                writer.append(UserMessage.of("one more question"));
            }
            double afterChange = millis(store::list);
            Files.delete(folder.resolve("sessions.idx"));
            double withoutIndex = millis(store::list);

            System.out.printf(Locale.ROOT, "list() reading every session (no index): %.0f ms; building the index "
                    + "(first list): %.0f ms%n", withoutIndex, cold);
            System.out.printf(Locale.ROOT, "list() with the index: median %.1f ms, p90 %.1f ms; after one session "
                    + "changed: %.1f ms%n", percentile(warm, 50), percentile(warm, 90), afterChange);
            System.out.printf(Locale.ROOT, "latest() (run --continue): median %.1f ms, p90 %.1f ms%n",
                    percentile(latest, 50), percentile(latest, 90));
            System.out.printf(Locale.ROOT, "runs() (agentloop stats): building sessions.runs %.0f ms; from it: median "
                    + "%.1f ms, p90 %.1f ms%n", runsCold, percentile(runsWarm, 50), percentile(runsWarm, 90));

            if (installation != null) {
                Path empty = Files.createDirectories(root.resolve("empty"));
                for (int i = 0; i < 3; i++) {
                    launcher(installation, empty, root, "sessions"); // the class-data archive trains after the first
                }
                for (String[] command : List.of(new String[] {"sessions"},
                        new String[] {"run", "--example", "--continue", "count: one two"})) {
                    List<Double> full = new ArrayList<>();
                    List<Double> none = new ArrayList<>();
                    for (int i = 0; i < 5; i++) {
                        full.add(launcher(installation, folder, root, command));
                        none.add(launcher(installation, empty, root,
                                command[0].equals("run") ? new String[] {"run", "--example", "count: one two"} : command));
                    }
                    System.out.printf(Locale.ROOT, "bin/agentloop %s: median %.0f ms with %d sessions, %.0f ms with "
                                    + "none%s%n", String.join(" ", command), percentile(full, 50), count,
                            percentile(none, 50), command[0].equals("run") ? " (a new session instead)" : "");
                }
            }
        } finally {
            deleteTree(root);
        }
    }

    /** Writes one realistic session through the store, then copies it under new ids; returns the bytes written. */
    private static long fill(Path folder, int count) throws IOException {
        FileSessionStore store = new FileSessionStore(folder);
        SessionInfo model = store.create("a realistic session");
        String content = "line of a source file read by a tool, with some code in it: int x = compute(y);\n";
        try (SessionWriter writer = store.open(model.id())) {
            for (int turn = 0; turn < 12; turn++) {
                writer.append(UserMessage.of("Step " + turn + ": look at the next file and fix what is wrong."));
                writer.append(new AssistantMessage(List.of(new TextBlock("Reading it."), ToolCall.of("call_" + turn,
                        "read", "{\"path\":\"src/File" + turn + ".java\"}")), Usage.of(3000, 40), StopReason.TOOL_CALLS));
                writer.appendResult(new ToolResultBlock("call_" + turn, "read", content.repeat(40), false));
                writer.append(AssistantMessage.of("Fixed the loop bound in File" + turn + ".java."));
            }
        }
        Path template = folder.resolve(model.id() + ".jsonl");
        String text = Files.readString(template, StandardCharsets.UTF_8);
        Files.delete(template);
        long bytes = 0;
        for (int n = 0; n < count; n++) {
            String id = String.format(Locale.ROOT, "20260101-%06d-%06x", n % 1_000_000, n);
            byte[] session = text.replace(model.id(), id).replace("a realistic session", "session " + n)
                    .getBytes(StandardCharsets.UTF_8);
            Path file = Files.write(folder.resolve(id + ".jsonl"), session);
            // sessions of the past days, one a minute apart
            Files.setLastModifiedTime(file, FileTime.fromMillis(System.currentTimeMillis() - (count - n) * 60_000L));
            bytes += session.length;
        }
        return bytes;
    }

    private static double launcher(Path installation, Path sessions, Path root, String... command)
            throws IOException, InterruptedException {
        List<String> line = new ArrayList<>(List.of(installation.resolve("bin/agentloop").toString()));
        line.addAll(List.of(command));
        ProcessBuilder builder = new ProcessBuilder(line).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(root.resolve("launcher-err.txt").toFile()).directory(root.toFile());
        builder.environment().put("AGENTLOOP_SESSIONS", sessions.toString());
        builder.environment().put("AGENTLOOP_AUDIT_LOG", root.resolve("audit.jsonl").toString());
        long start = System.nanoTime();
        Process process = builder.start();
        if (!process.waitFor(5, TimeUnit.MINUTES) || process.exitValue() != 0) {
            throw new IllegalStateException("bin/agentloop " + String.join(" ", command) + " failed: "
                    + Files.readString(root.resolve("launcher-err.txt")));
        }
        return (System.nanoTime() - start) / 1e6;
    }

    private static double millis(Supplier<?> work) {
        long start = System.nanoTime();
        work.get();
        return (System.nanoTime() - start) / 1e6;
    }

    private static List<Double> repeat(int times, Supplier<?> work) {
        List<Double> samples = new ArrayList<>();
        for (int i = 0; i < times; i++) {
            samples.add(millis(work));
        }
        return samples;
    }

    private static double percentile(List<Double> samples, int percent) {
        List<Double> sorted = new ArrayList<>(samples);
        Collections.sort(sorted);
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(percent / 100.0 * sorted.size()) - 1));
    }

    private static void deleteTree(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(file);
            }
        }
    }
}
