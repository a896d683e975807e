package io.agentloop.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Cold start of the launcher: from starting {@code bin/agentloop run} as a new process to its
 * first request reaching a model endpoint (a local fake on loopback, answering at once), with the
 * bundled plugins loaded. Each round is a new JVM. The first use of an installation is timed on its
 * own: it starts training the class-data archive in the background (in a cache folder of this
 * benchmark's, not the user's); the measured rounds start once the archive is there, as every later
 * use of the installation does. Run with {@code ./dev bench-coldstart [rounds]}.
 */
public final class ColdStartBenchmark {
    private ColdStartBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        Path installation = installation();
        Path cache = Files.createTempDirectory("agentloop-bench-cache");
        try (FakeOpenAiServer server = new FakeOpenAiServer()) {
            double[] first = round(installation, cache, server);
            System.out.printf(Locale.ROOT, "first use (no class archive yet; training starts in the background): "
                    + "first model request after %.0f ms, run done after %.0f ms%n", first[0], first[1]);
            awaitArchive(cache);
            double[] firstRequest = new double[rounds];
            double[] total = new double[rounds];
            for (int round = 0; round < rounds; round++) {
                double[] times = round(installation, cache, server);
                firstRequest[round] = times[0];
                total[round] = times[1];
                System.out.printf(Locale.ROOT, "round %d: first model request after %.0f ms, run done after %.0f ms%n",
                        round + 1, firstRequest[round], total[round]);
            }
            System.out.printf(Locale.ROOT, "median of %d: first model request %.0f ms, whole run %.0f ms "
                    + "(min %.0f ms)%n", rounds, median(firstRequest), median(total),
                    Arrays.stream(firstRequest).min().orElse(0));
        } finally {
            try (var paths = Files.walk(cache)) {
                paths.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            }
        }
    }

    /** One run as a new process: milliseconds to the first model request and to the end of the run. */
    private static double[] round(Path installation, Path cache, FakeOpenAiServer server) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(installation.resolve("bin/agentloop").toString(), "run", "hello")
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.INHERIT);
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        builder.environment().put("XDG_CACHE_HOME", cache.toString());
        builder.environment().put("AGENTLOOP_PROVIDER", "openai");
        builder.environment().put("AGENTLOOP_MODEL", "bench");
        builder.environment().put("OPENAI_BASE_URL", server.baseUrl());
        builder.environment().put("OPENAI_API_KEY", "bench-key");
        builder.environment().put("AGENTLOOP_SESSIONS", installation.resolve("bench-sessions").toString());
        long before = server.lastRequestAt();
        long start = System.nanoTime();
        Process process = builder.start();
        if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IllegalStateException("the launcher did not complete the run (exit "
                    + (process.isAlive() ? "none" : process.exitValue()) + ")");
        }
        long end = System.nanoTime();
        if (server.lastRequestAt() == before) {
            throw new IllegalStateException("the launcher made no model request");
        }
        return new double[] {(server.lastRequestAt() - start) / 1e6, (end - start) / 1e6};
    }

    /**
     * Waits, on file events of the cache folder (the launcher made it before starting the first round),
     * until the background training has left its archive there and finished.
     */
    private static void awaitArchive(Path cache) throws Exception {
        Path folder = cache.resolve("agentloop");
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
        try (WatchService events = folder.getFileSystem().newWatchService()) {
            folder.register(events, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_DELETE);
            while (!(has(folder, "*.{jsa,aot}") && !has(folder, "*.training"))) {
                long left = deadline - System.nanoTime();
                WatchKey key = left > 0 ? events.poll(left, TimeUnit.NANOSECONDS) : null;
                if (key == null) {
                    throw new IllegalStateException("no class archive appeared in " + folder + " within 3 minutes");
                }
                key.pollEvents();
                key.reset();
            }
        }
    }

    private static boolean has(Path folder, String glob) throws Exception {
        try (var entries = Files.newDirectoryStream(folder, glob)) {
            return entries.iterator().hasNext();
        }
    }

    static Path installation() throws Exception {
        Path target = Path.of("distribution", "target");
        List<Path> found = new ArrayList<>();
        try (var entries = Files.newDirectoryStream(target, "agentloop-*")) {
            entries.forEach(p -> {
                if (Files.isDirectory(p)) {
                    found.add(p);
                }
            });
        }
        if (found.isEmpty()) {
            throw new IllegalStateException("no built installation under " + target.toAbsolutePath()
                    + "; build it first (./dev bench-coldstart does)");
        }
        return found.get(0);
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
