package io.agentloop.bench;

import io.agentloop.api.tool.CommandSandbox;
import io.agentloop.api.tool.SandboxedProcess;
import io.agentloop.core.workspace.SandboxWorkspace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * What the command sandbox adds to a command: {@code bash -c true} started, drained and waited for,
 * in bubblewrap and without a sandbox (a process group), alternating so both see the same machine.
 * Run with {@code ./dev bench-sandbox [rounds] [objects]}; prints medians and 90th percentiles in
 * milliseconds. With {@code objects}, the workspace is a git repository of that many files committed
 * unpacked (as many loose objects, and as many again in the index): the cost of the walk, the held
 * repository and its history kept across each command.
 */
public final class SandboxLatencyBenchmark {
    private SandboxLatencyBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        int objects = args.length > 1 ? Integer.parseInt(args[1]) : 0;
        Path root = Files.createTempDirectory("agentloop-sandbox-bench-");
        try {
            if (objects > 0) {
                repository(root, objects);
            }
            CommandSandbox contained = SandboxWorkspace.builder(root).build().sandbox();
            CommandSandbox bare = SandboxWorkspace.builder(root).sandboxEnabled(false).build().sandbox();
            if (contained.containment() != CommandSandbox.Containment.CONTAINED) {
                throw new IllegalStateException("no sandbox to measure: " + contained.description());
            }
            for (int i = 0; i < 20; i++) {
                time(contained, root);
                time(bare, root);
                plain(root);
            }
            List<Double> sandboxed = new ArrayList<>();
            List<Double> unsandboxed = new ArrayList<>();
            List<Double> direct = new ArrayList<>();
            for (int i = 0; i < rounds; i++) {
                sandboxed.add(time(contained, root));
                unsandboxed.add(time(bare, root));
                direct.add(plain(root));
            }
            System.out.printf("bash -c true, %d rounds each, %s (ms, median / p90): bubblewrap %.2f / %.2f; no sandbox "
                    + "(process group, killed as a group) %.2f / %.2f; a bare ProcessBuilder %.2f / %.2f%n", rounds,
                    objects > 0 ? "in a git repository of " + objects + " loose objects" : "in an empty folder",
                    percentile(sandboxed, 50), percentile(sandboxed, 90), percentile(unsandboxed, 50),
                    percentile(unsandboxed, 90), percentile(direct, 50), percentile(direct, 90));
        } finally {
            try (var paths = Files.walk(root)) {
                for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.delete(path);
                }
            }
        }
    }

    /** A repository of {@code files} small files in one commit, every object loose. */
    private static void repository(Path root, int files) throws IOException, InterruptedException {
        for (int i = 0; i < files; i++) {
            Files.writeString(root.resolve("file-" + i + ".txt"), "content " + i + "\n");
        }
        git(root, "init", "-q");
        git(root, "config", "gc.auto", "0");
        git(root, "add", "-A");
        git(root, "-c", "user.name=bench", "-c", "user.email=bench@example.com", "commit", "-q", "-m", "files");
    }

    private static void git(Path root, String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("git"));
        command.addAll(List.of(arguments));
        Process git = new ProcessBuilder(command).directory(root.toFile()).inheritIO().start();
        if (git.waitFor() != 0) {
            throw new IllegalStateException("git " + String.join(" ", arguments) + " failed in " + root);
        }
    }

    private static double time(CommandSandbox sandbox, Path root) throws IOException, InterruptedException {
        long start = System.nanoTime();
        try (SandboxedProcess process = sandbox.start(List.of("bash", "-c", "true"), root, Map.of())) {
            process.process().getOutputStream().close();
            process.process().getInputStream().readAllBytes();
            if (process.process().waitFor() != 0) {
                throw new IllegalStateException("the command failed in " + sandbox.description());
            }
        }
        return (System.nanoTime() - start) / 1e6;
    }

    /** The floor: the same command with no process-tree handling at all. */
    private static double plain(Path root) throws IOException, InterruptedException {
        long start = System.nanoTime();
        Process process = new ProcessBuilder("bash", "-c", "true").directory(root.toFile()).redirectErrorStream(true)
                .start();
        process.getOutputStream().close();
        process.getInputStream().readAllBytes();
        process.waitFor();
        return (System.nanoTime() - start) / 1e6;
    }

    private static double percentile(List<Double> values, int p) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(Math.min(sorted.size() - 1, sorted.size() * p / 100));
    }
}
